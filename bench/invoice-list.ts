import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../scripts/postgres-cluster";

// 10 000 invoices for one user on PostgreSQL, then the list endpoint under 50 concurrent connections.

export type LoadFigures = { p50Ms: number; p95Ms: number; requests: number; non2xx: number; rps: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function waitForHealth(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs a user up through the real API, confirms through the link the server wrote, and marks them paid. */
async function paidSession(baseUrl: string, db: pg.Client): Promise<{ cookie: string; userId: string }> {
  const email = `bench-${Date.now()}@example.fr`;
  const headers = { "content-type": "application/json", origin: baseUrl };
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "Velo-Cargo-Lumiere-2026", name: "Banc d'essai" }),
  });
  const { rows } = await db.query(
    "select text from outbox_emails where to_address = $1 order by created_at desc limit 1",
    [email],
  );
  const link = String(rows[0]?.text).match(/https?:\/\/\S+/)?.[0] ?? "";
  const verified = await fetch(new URL(new URL(link).pathname + new URL(link).search, baseUrl), {
    redirect: "manual",
    headers: { origin: baseUrl },
  });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const session = await (await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie } })).json();
  await db.query("update profiles set subscription_status = 'active' where id = $1", [session.user.id]);
  return { cookie, userId: session.user.id };
}

async function seedInvoices(db: pg.Client, userId: string, count: number) {
  await db.query(
    `insert into invoices (user_id, client_name, status, invoice_number, date, due_date, subtotal_cents, tax_cents, total_cents, paid_cents, created_at)
     select $1, 'Client ' || (i % 150), s.status,
            case when s.status = 'brouillon' then null else 'INV-2026-' || lpad(i::text, 5, '0') end,
            date '2026-01-01' + (i % 320), date '2026-01-31' + (i % 320),
            10000 + i, 2000 + i / 5, 12000 + i + i / 5,
            case when s.status = 'payée' then 12000 + i + i / 5 else 0 end,
            now() - (i || ' minutes')::interval
     from generate_series(1, $2) as i
     cross join lateral (select (array['brouillon','en-attente','payée','en-retard'])[1 + i % 4] as status) s`,
    [userId, count],
  );
  await db.query("analyze invoices");
}

export async function measureInvoiceList(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<LoadFigures> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      APP_URL: baseUrl,
      ARDOISE_SERVE_CLIENT: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await waitForHealth(`${baseUrl}/api/health`, server);
    await db.connect();
    const { cookie, userId } = await paidSession(baseUrl, db);
    await seedInvoices(db, userId, 10_000);
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${baseUrl}/api/invoices?page=1&pageSize=20`,
          connections: 50,
          duration: 10,
          headers: { cookie, origin: baseUrl },
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    latencies.sort((a, b) => a - b);
    return {
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
      requests: result.requests.total,
      non2xx: result.non2xx,
      rps: Math.round(result.requests.average),
    };
  } finally {
    await db.end().catch(() => {});
    server.kill("SIGTERM");
  }
}
