import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { ensureClientBuild } from "../scripts/client-build";
import { freePort } from "../scripts/postgres-cluster";
import { spawnServer, stopServer, waitForHealth } from "../scripts/server-process";
import { describeFairness, measureFairness } from "./fairness";
import { measureInterpreter } from "./interpreter";
import { measureInvoicePdf } from "./invoice-pdf";
import { measureLighthouse } from "./lighthouse";
import { measureOnPglite } from "./pglite";
import { measureOnPostgres } from "./postgres";
import { describeScale, measureHotPathsAndScale, scaleFigures } from "./scale";
import { measureVoiceBuiltIn, REPLY_WAV } from "./voice";

// `npm run bench`: measures the budgets of ARCHITECTURE.md that exist so far and writes bench/results.json.
// Not a test: figures depend on the machine; compare them with the budgets, not with each other.

const BENCH_AUTH_SECRET = randomBytes(32).toString("base64url");
const budgets = {
  startToReadySeconds: 10,
  firstRouteJsGzipKb: 180,
  invoicePdfMs: 60,
  invoiceListP95Ms: 50,
  dashboardServerMs: 20,
  /** API throughput over the same statements run directly (same driver, pool, concurrency, run). */
  apiToSqlRatio: 0.5,
  apiToSqlRatioGoal: 0.8,
  interpreterUs: 1000,
  voiceFirstAudioMs: 300,
};

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const child = spawnServer("scripts/start.ts", {
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    // Production without SMTP: allowed for a bench, whose server sends no e-mail.
    ALLOW_LOCAL_OUTBOX: "true",
    BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
    DATABASE_URL: "",
  });
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
  return { child, seconds: (performance.now() - started) / 1000 };
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

/**
 * A scenario's figures, or the sentence saying why it failed: one broken scenario (a missing browser, a
 * seed that fails) must not cost the run every other figure, the list's above all.
 */
async function attempt<T>(name: string, measure: () => Promise<T>): Promise<T | string> {
  try {
    return await measure();
  } catch (error) {
    const failure = `${name} : échec de la mesure (${error instanceof Error ? error.message : String(error)})`;
    console.error(failure);
    return failure;
  }
}

const verdict = ({ withinBudget }: { withinBudget: boolean }) =>
  withinBudget ? "dans le budget" : "HORS BUDGET";

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
  const interpreter = measureInterpreter();
  const postgres = await measureOnPostgres(BENCH_AUTH_SECRET);
  const scaleRun = await attempt("Chemins chauds et montée en charge", () =>
    measureHotPathsAndScale(BENCH_AUTH_SECRET),
  );
  const scale = typeof scaleRun === "string" ? scaleRun : scaleRun && scaleFigures(scaleRun);
  const fairness = await attempt("Équité", () => measureFairness(BENCH_AUTH_SECRET));
  const voiceRun = await measureVoiceBuiltIn();
  const pglite = await attempt("PGlite", () => measureOnPglite(BENCH_AUTH_SECRET));
  const lighthouse = await attempt("Lighthouse", () => measureLighthouse(BENCH_AUTH_SECRET));
  const voice = {
    ...voiceRun,
    budgetFirstAudioMs: budgets.voiceFirstAudioMs,
    withinBudget: voiceRun.firstAudioMs <= budgets.voiceFirstAudioMs,
  };
  const ratioBudget = {
    budgetApiToSqlRatio: budgets.apiToSqlRatio,
    goalApiToSqlRatio: budgets.apiToSqlRatioGoal,
  };
  const list = postgres && {
    ...postgres.list,
    ...ratioBudget,
    budgetP95Ms: budgets.invoiceListP95Ms,
    withinBudget:
      postgres.list.p95Ms <= budgets.invoiceListP95Ms && postgres.list.apiToSqlRatio >= budgets.apiToSqlRatio,
  };
  // The budget is server time, held here by the p95 of the service function's runs; `load` is the same
  // API-vs-SQL treatment as the list's, at 50 connections, where latency is mostly queueing.
  const dashboard = postgres && {
    ...postgres.dashboard,
    dataset: postgres.dataset,
    budgetMs: budgets.dashboardServerMs,
    load: { ...postgres.dashboardLoad, ...ratioBudget },
    withinBudget:
      postgres.dashboard.p95Ms <= budgets.dashboardServerMs &&
      postgres.dashboardLoad.apiToSqlRatio >= budgets.apiToSqlRatio,
  };
  const start = {
    median: Math.round(startToReady * 100) / 100,
    runs: runs.map((s) => Math.round(s * 100) / 100),
    budget: budgets.startToReadySeconds,
    withinBudget: startToReady <= budgets.startToReadySeconds,
  };
  const js = {
    value: jsKb,
    budget: budgets.firstRouteJsGzipKb,
    withinBudget: jsKb <= budgets.firstRouteJsGzipKb,
  };
  const pdf = { value: pdfMs, budget: budgets.invoicePdfMs, withinBudget: pdfMs <= budgets.invoicePdfMs };
  const interpret = {
    ...interpreter,
    budgetUs: budgets.interpreterUs,
    withinBudget: interpreter.p99Us <= budgets.interpreterUs,
  };
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${cpus().length} cores, Node ${process.version}`,
    figures: {
      startToReadySeconds: start,
      firstRouteJsGzipKb: js,
      invoicePdfMs: pdf,
      interpreterPerCommandUs: interpret,
      invoiceList10kPostgres: list || "PostgreSQL absent: not measured",
      dashboard10kPostgres: dashboard || "PostgreSQL absent: not measured",
      ...(typeof scale === "string"
        ? { hotPathsAndScalePostgres: scale }
        : (scale ?? { hotPathsAndScalePostgres: "PostgreSQL absent: not measured" })),
      fairness: fairness ?? "PostgreSQL absent: not measured",
      voiceBuiltIn: voice,
      ...(typeof pglite === "string"
        ? { pglite }
        : {
            invoiceList10kPglite: pglite.list,
            dashboard10kPglite: { ...pglite.dashboard, dataset: pglite.dataset },
            pgliteIsolation: pglite.isolation,
          }),
      lighthouse,
    },
  };
  writeFileSync(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `npm start → prêt (base existante) : ${start.median} s (budget ${start.budget} s, ${verdict(start)})`,
  );
  console.log(
    `JavaScript de la première page (gzip) : ${js.value} Ko (budget ${js.budget} Ko, ${verdict(js)})`,
  );
  console.log(`PDF de facture : ${pdf.value} ms par document (budget ${pdf.budget} ms, ${verdict(pdf)})`);
  console.log(
    `Voix intégrée : response.create → premier audio ${voice.firstAudioMs} ms (médiane, budget ${voice.budgetFirstAudioMs} ms, ${verdict(voice)}), facteur temps réel ${voice.realTimeFactor} ; réponse écoutable : ${REPLY_WAV}`,
  );
  console.log(
    `Interpréteur local, ${interpret.commands} commandes : moyenne ${interpret.meanUs} µs, p99 ${interpret.p99Us} µs (budget ${interpret.budgetUs} µs, ${verdict(interpret)})`,
  );
  if (list && dashboard) {
    console.log(
      `Liste de 10 000 factures, PostgreSQL, 50 connexions : p50 ${list.p50Ms} ms, p95 ${list.p95Ms} ms (budget ${list.budgetP95Ms} ms), ${list.rps} req/s, ${list.non2xx} non-2xx ; SQL direct ${list.sqlRps} req/s (p95 ${list.sqlP95Ms} ms), rapport API/SQL ${list.apiToSqlRatio} (budget ${list.budgetApiToSqlRatio}, objectif ${list.goalApiToSqlRatio}) : ${verdict(list)} ; relue à chaque requête (READ_CACHE_MB=0) : ${list.uncached.rps} req/s, p95 ${list.uncached.p95Ms} ms`,
    );
    console.log(
      `Tableau de bord, mêmes données (+ ${dashboard.dataset.payments} paiements, ${dashboard.dataset.expenses} dépenses), ${dashboard.runs} calculs : médiane ${dashboard.p50Ms} ms, p95 ${dashboard.p95Ms} ms (budget ${dashboard.budgetMs} ms) ; 50 connexions : ${dashboard.load.rps} req/s (p95 ${dashboard.load.p95Ms} ms), SQL direct ${dashboard.load.sqlRps} req/s, rapport API/SQL ${dashboard.load.apiToSqlRatio} : ${verdict(dashboard)}`,
    );
  } else console.log("PostgreSQL absent : liste et tableau de bord non mesurés");
  if (typeof scale === "string") console.log(scale);
  else for (const line of scale ? describeScale(scale) : []) console.log(line);
  if (typeof fairness === "string") console.log(fairness);
  else if (fairness) for (const line of describeFairness(fairness)) console.log(line);
  else console.log("PostgreSQL absent : équité non mesurée");
  if (typeof pglite === "string") console.log(pglite);
  else {
    for (const [name, figures] of [
      ["Liste de 10 000 factures", pglite.list],
      ["Tableau de bord", pglite.dashboard],
    ] as const)
      console.log(
        `${name}, PGlite, ${figures.connections} connexions : p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, ${figures.rps} req/s ; SQL direct ${figures.sqlRps} req/s (p95 ${figures.sqlP95Ms} ms), rapport API/SQL ${figures.apiToSqlRatio}`,
      );
    const { alone, duringLongRequest } = pglite.isolation;
    console.log(
      `PGlite, première page de la liste pendant l'export CSV complet (${pglite.isolation.longRequestMs} ms) : p95 ${duringLongRequest.p95Ms} ms, max ${duringLongRequest.maxMs} ms (seule : p95 ${alone.p95Ms} ms)`,
    );
  }
  if (typeof lighthouse === "string") console.log(lighthouse);
  else
    for (const [name, presets] of Object.entries(lighthouse.pages))
      console.log(
        `Lighthouse ${lighthouse.paths[name as keyof typeof lighthouse.paths]} : performance ${presets.desktop.performance} bureau (budget ${lighthouse.budgets.desktopPerformance}), ${presets.mobile.performance} mobile (budget ${lighthouse.budgets.mobilePerformance}) ; accessibilité ${presets.desktop.accessibility} / ${presets.mobile.accessibility} (budget ${lighthouse.budgets.accessibility}) ; indice CPU ${lighthouse.benchmarkIndex}`,
      );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
