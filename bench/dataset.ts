import type pg from "pg";

// One user's account on PostgreSQL, sized like a busy year: the invoice list and the dashboard budgets of
// ARCHITECTURE.md are measured on the same data.

export const BENCH_DATASET = { invoices: 10_000, clients: 150, expenses: 2_000, quotes: 2_000 } as const;
export type DatasetSize = { invoices: number; clients: number; expenses: number; quotes: number };

/** Signs a user up through the real API, confirms through the link the server wrote, and marks them paid. */
export async function paidSession(
  baseUrl: string,
  db: pg.Client,
): Promise<{ cookie: string; userId: string }> {
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

/**
 * Invoices in four statuses over the year (issued ones stamped like the issuing path does), a payment for
 * each paid one (the dashboard's revenue is cash-basis), the clients they name and belong to, quotes to
 * the same clients, and the year's expenses. Set-based statements: 100 000 invoices take seconds.
 */
export async function seedBenchAccount(db: pg.Client, userId: string, size: DatasetSize = BENCH_DATASET) {
  const { invoices, clients, expenses, quotes } = size;
  await db.query(
    `insert into clients (user_id, name, status, created_at)
     select $1, 'Client ' || i, 'actif', now() - (i || ' days')::interval from generate_series(0, $2 - 1) as i`,
    [userId, clients],
  );
  await db.query(
    `insert into invoices (user_id, client_id, client_name, status, invoice_number, date, due_date, subtotal_cents, tax_cents, total_cents, paid_cents, issued_at, created_at)
     select $1, c.id, c.name, s.status,
            case when s.status = 'brouillon' then null else 'INV-2026-' || lpad(i::text, 5, '0') end,
            date '2026-01-01' + (i % 320), date '2026-01-31' + (i % 320),
            10000 + i, 2000 + i / 5, 12000 + i + i / 5,
            case when s.status = 'payée' then 12000 + i + i / 5 else 0 end,
            case when s.status = 'brouillon' then null else (date '2026-01-01' + (i % 320)) + time '09:00' end,
            now() - (i || ' minutes')::interval
     from generate_series(1, $2) as i
     cross join lateral (select (array['brouillon','en-attente','payée','en-retard'])[1 + i % 4] as status) s
     join clients c on c.user_id = $1 and c.name = 'Client ' || (i % $3)`,
    [userId, invoices, clients],
  );
  await db.query(
    `insert into quotes (user_id, client_id, client_name, status, quote_number, date, valid_until, subtotal_cents, tax_cents, total_cents, created_at)
     select $1, c.id, c.name, (array['brouillon','envoyé','accepté','refusé','expiré'])[1 + q % 5],
            'DEV-2026-' || lpad(q::text, 5, '0'), date '2026-01-01' + (q % 320), date '2026-01-31' + (q % 320),
            50000 + q, 10000 + q / 5, 60000 + q + q / 5, now() - (q || ' minutes')::interval
     from generate_series(1, $2) as q
     join clients c on c.user_id = $1 and c.name = 'Client ' || (q % $3)`,
    [userId, quotes, clients],
  );
  const payments = await db.query(
    `insert into payments (user_id, invoice_id, amount_cents, paid_on, created_at)
     select user_id, id, total_cents, least(date + (total_cents % 40), current_date),
            least(date + (total_cents % 40), current_date) + time '10:30'
     from invoices where user_id = $1 and status = 'payée'`,
    [userId],
  );
  await db.query(
    `insert into expenses (user_id, title, amount_cents, vat_rate_bp, vat_cents, category, status, date, created_at)
     select $1, 'Dépense ' || g, a.cents, r.rate, round(a.cents - a.cents * 10000.0 / (10000 + r.rate)),
            (array['transport','materiel','formation','repas','hebergement','autre'])[1 + g % 6],
            (array['pending','validee','remboursee'])[1 + g % 3],
            current_date - (g % 365), (current_date - (g % 365)) + time '18:00'
     from generate_series(1, $2) as g
     cross join lateral (select 1000 + (g * 37) % 20000 as cents) a
     cross join lateral (select (array[2000, 1000, 550, 0])[1 + g % 4] as rate) r`,
    [userId, expenses],
  );
  // The tables as autovacuum leaves them in use, not the minute after a bulk insert. Before any vacuum no
  // page is marked all-visible: the planner then sorts 100 000 ids on disk rather than walk the index for a
  // deep page (page 2 500 of 100 000: 45 ms of SQL and a spilled sort, against 14 ms vacuumed).
  await db.query("vacuum analyze");
  return { ...size, payments: payments.rowCount ?? 0 };
}
