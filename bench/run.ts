import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import pg from "pg";
import { ensureClientBuild } from "../scripts/client-build";
import { findPostgresBin, freePort, startThrowawayCluster } from "../scripts/postgres-cluster";
import { measureInvoiceList } from "./invoice-list";
import { measureInvoicePdf } from "./invoice-pdf";

// `npm run bench`: measures the budgets of ARCHITECTURE.md that exist so far and writes bench/results.json.
// Not a test: figures depend on the machine; compare them with the budgets, not with each other.

const BENCH_AUTH_SECRET = randomBytes(32).toString("base64url");
const budgets = { startToReadySeconds: 10, firstRouteJsGzipKb: 180, invoicePdfMs: 60, invoiceListP95Ms: 50 };

/** The list budget is for PostgreSQL: a throwaway cluster, as the tests use. */
async function measureOnPostgres() {
  const bin = findPostgresBin();
  if (!bin) return null;
  const cluster = await startThrowawayCluster(bin);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ardoise_bench");
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = "/ardoise_bench";
    return await measureInvoiceList(url.toString(), {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
      LOG_LEVEL: "silent",
      DATABASE_POOL_SIZE: "20",
    });
  } finally {
    cluster.stop();
  }
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const child = spawn("node_modules/.bin/tsx", ["scripts/start.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
  return { child, seconds: (performance.now() - started) / 1000 };
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function firstRouteJsKb(baseUrl: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const page = await browser.newPage();
  const scripts: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script")
      scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(baseUrl, { waitUntil: "networkidle" });
  const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  await browser.close();
  return Math.round((bytes / 1024) * 10) / 10;
}

await ensureClientBuild();
const dataDir = mkdtempSync(join(tmpdir(), "ardoise-bench-"));
const port = await freePort();
try {
  // The first start creates and migrates the database; the budget is for an existing one.
  await stopServer((await startServer(dataDir, port)).child);
  const runs: number[] = [];
  let jsKb = 0;
  for (let run = 0; run < 3; run++) {
    const { child, seconds } = await startServer(dataDir, port);
    runs.push(seconds);
    if (run === 0) jsKb = await firstRouteJsKb(`http://127.0.0.1:${port}/`);
    await stopServer(child);
  }
  const startToReady = runs.sort((a, b) => a - b)[1] ?? 0;
  const pdfMs = await measureInvoicePdf();
  const list = await measureOnPostgres();
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${cpus().length} cores, Node ${process.version}`,
    figures: {
      startToReadySeconds: {
        median: Math.round(startToReady * 100) / 100,
        runs: runs.map((s) => Math.round(s * 100) / 100),
        budget: budgets.startToReadySeconds,
      },
      firstRouteJsGzipKb: { value: jsKb, budget: budgets.firstRouteJsGzipKb },
      invoicePdfMs: { value: pdfMs, budget: budgets.invoicePdfMs },
      invoiceList10kPostgres: list
        ? { ...list, budgetP95Ms: budgets.invoiceListP95Ms }
        : "PostgreSQL absent: not measured",
    },
  };
  writeFileSync(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `npm start → prêt (base existante) : ${results.figures.startToReadySeconds.median} s (budget ${budgets.startToReadySeconds} s)`,
  );
  console.log(`JavaScript de la première page (gzip) : ${jsKb} Ko (budget ${budgets.firstRouteJsGzipKb} Ko)`);
  console.log(`PDF de facture : ${pdfMs} ms par document (budget ${budgets.invoicePdfMs} ms)`);
  if (list) {
    console.log(
      `Liste de 10 000 factures, PostgreSQL, 50 connexions : p50 ${list.p50Ms} ms, p95 ${list.p95Ms} ms (budget ${budgets.invoiceListP95Ms} ms), ${list.rps} req/s, ${list.non2xx} non-2xx`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
