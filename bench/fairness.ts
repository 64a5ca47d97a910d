import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type BenchServer, benchUser, withBenchServer } from "./bench-server";
import type { DatasetSize } from "./dataset";
import {
  EXPORT_PATH,
  STORM_PARTS,
  type StormOptions,
  type StormOutcome,
  type StormPart,
} from "./fairness-storm";
import { connectHeapProbe, type HeapProbe } from "./heap-probe";
import type { ApiSqlTarget } from "./load";
import { SCALE_DATASET } from "./scale";
import { oneDecimal, percentile } from "./stats";

// Fairness (issue 26, ARCHITECTURE.md: a short request's p99 ≤ 50 ms while another user imports large or
// hostile files, exports 100 k rows and floods the voice socket). On a throwaway PostgreSQL cluster and a
// production server: an attacker holding 100 000 invoices runs bench/fairness-storm.ts for 20 s in a worker
// thread, while a neighbour with a little data asks for their expenses every 20 ms, one request after another
// on one connection. The same requests measured alone first are the baseline. Past the budget, each part of
// the storm is run alone too, to say which one costs the neighbour their time.
//
// Run alone: `npx tsx bench/fairness.ts` (writes only `figures.fairness` in bench/results.json).
// FAIRNESS_PARTS=uploads,voice limits the storm to those parts, FAIRNESS_FILES=largeCii,nested10k the
// uploads to those files; FAIRNESS_EACH_PART=1 runs each part alone even within budget; FAIRNESS_PROFILE=1
// adds a CPU profile of the server's main thread to each storm; FAIRNESS_SECONDS sets a storm's length.

export const FAIRNESS_BUDGET_P99_MS = 50;
const STORM_SECONDS = Number(process.env.FAIRNESS_SECONDS ?? 20);
const BASELINE_SECONDS = 5;
const INTERVAL_MS = 20;
const SHORT_REQUEST_PATH = "/api/expenses?page=1&pageSize=20";
const NEIGHBOUR_DATASET: DatasetSize = { invoices: 20, clients: 5, expenses: 30, quotes: 5 };
const ATTACKER_LOOPS = { uploaders: 2, exporters: 1, voiceSockets: 2 } as const;
/** Past a storm, the attacker's voice session rows are gone within this (closed sockets delete theirs). */
const SESSIONS_SETTLE_MS = 15_000;

type Samples = { latencies: number[]; non2xx: number; statuses: Record<string, number>; seconds: number };

/**
 * The neighbour's requests, one after another on one connection, each sent on the next tick of
 * INTERVAL_MS once the previous has answered (a tick missed while a request is slow is skipped, not made
 * up: the neighbour is a person clicking, not a queue). Each latency is from send to the last byte.
 */
async function neighbourRequests({ baseUrl, cookie }: ApiSqlTarget, seconds: number): Promise<Samples> {
  const samples: Samples = { latencies: [], non2xx: 0, statuses: {}, seconds };
  const started = performance.now();
  const until = started + seconds * 1000;
  for (;;) {
    const elapsed = performance.now() - started;
    const due = started + Math.ceil(elapsed / INTERVAL_MS) * INTERVAL_MS;
    if (due >= until) break;
    await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    const sent = performance.now();
    const status = await fetch(`${baseUrl}${SHORT_REQUEST_PATH}`, {
      headers: { cookie, origin: baseUrl },
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return String(response.status);
      },
      () => "network error",
    );
    samples.latencies.push(performance.now() - sent);
    samples.statuses[status] = (samples.statuses[status] ?? 0) + 1;
    if (!status.startsWith("2")) samples.non2xx++;
  }
  return samples;
}

function summary({ latencies, non2xx, statuses, seconds }: Samples) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    /** Of the 1 000 / INTERVAL_MS a second asked for: fewer when requests took longer than the interval. */
    rps: Math.round(sorted.length / seconds),
    p50Ms: oneDecimal(percentile(sorted, 50)),
    p95Ms: oneDecimal(percentile(sorted, 95)),
    p99Ms: oneDecimal(percentile(sorted, 99)),
    maxMs: oneDecimal(sorted.at(-1) ?? 0),
    non2xx,
    statuses,
  };
}

// The server's event loop, read through its inspector: a timer every LAG_TICK_MS notes how late it fires.
// A request can only be as prompt as the loop that routes it: a lag of 300 ms here is code holding the
// server's main thread, whereas a slow neighbour on a prompt loop waits for the database or for a CPU.
const LAG_TICK_MS = 10;
const START_LAG = `(() => {
  const lag = { late: [], last: performance.now(), utilization: performance.eventLoopUtilization() };
  lag.timer = setInterval(() => {
    const now = performance.now();
    lag.late.push(now - lag.last - ${LAG_TICK_MS});
    lag.last = now;
  }, ${LAG_TICK_MS});
  globalThis.__fairnessLag = lag;
})()`;
const STOP_LAG = `(() => {
  const lag = globalThis.__fairnessLag;
  clearInterval(lag.timer);
  delete globalThis.__fairnessLag;
  return { late: lag.late, utilization: performance.eventLoopUtilization(lag.utilization).utilization };
})()`;

async function startLoopLag(probe: HeapProbe) {
  await probe.command("Runtime.evaluate", { expression: START_LAG });
  return async () => {
    const reply = (await probe.command("Runtime.evaluate", {
      expression: STOP_LAG,
      returnByValue: true,
    })) as {
      result?: { value?: { late: number[]; utilization: number } };
    };
    const late = (reply.result?.value?.late ?? []).sort((a, b) => a - b);
    return {
      /** The share of the time the main thread was running code rather than waiting for I/O. */
      utilization: Math.round((reply.result?.value?.utilization ?? 0) * 100) / 100,
      p99Ms: oneDecimal(percentile(late, 99)),
      maxMs: oneDecimal(late.at(-1) ?? 0),
      /** Ticks that fired more than 50 ms late: the main thread held that long at a time. */
      stallsOver50Ms: late.filter((ms) => ms > 50).length,
      stalledMs: Math.round(late.filter((ms) => ms > 50).reduce((sum, ms) => sum + ms, 0)),
    };
  };
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * With FAIRNESS_PROFILE=1, a CPU profile of the server's main thread during a storm (written to the
 * temporary directory, to open in Chrome's DevTools), and its functions by self time.
 */
async function startProfile(probe: HeapProbe, name: string) {
  await probe.command("Profiler.enable");
  await probe.command("Profiler.setSamplingInterval", { interval: 1000 });
  await probe.command("Profiler.start");
  return async () => {
    const { profile } = (await probe.command("Profiler.stop")) as { profile: CpuProfile };
    const path = join(tmpdir(), `ardoise-fairness-${name}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfMs = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const where = frame.url.replace(/^.*\/(node_modules\/|src\/)/, "$1");
      const key = `${frame.functionName || "(anonyme)"} ${where}:${frame.lineNumber + 1}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    });
    const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 15);
    return { path, topSelfMs: Object.fromEntries(top.map(([key, ms]) => [key, Math.round(ms)])) };
  };
}

const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

/** Starts the attacker's worker; resolves once its files are built, with a function that starts the storm. */
function prepareStorm(options: StormOptions): Promise<() => Promise<StormOutcome>> {
  // The bench runs TypeScript through tsx; a worker does not inherit its loader (neither as its entry nor
  // through --import on Node 20), so the storm's module is imported through tsx's API.
  const storm = JSON.stringify(new URL("./fairness-storm.ts", import.meta.url).href);
  const worker = new Worker(`import("tsx/esm/api").then((tsx) => tsx.tsImport(${storm}, ${storm}))`, {
    eval: true,
    workerData: { storm: options },
  });
  const failed = new Promise<never>((_, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`storm worker exited (${code})`)));
  });
  // Its exit once terminated rejects it too, when nothing waits for it any more.
  failed.catch(() => {});
  const next = () =>
    Promise.race([
      new Promise<Record<string, unknown>>((resolve) => worker.once("message", resolve)),
      failed,
    ]);
  return next().then(() => async () => {
    worker.postMessage("go");
    try {
      return (await next()).outcome as StormOutcome;
    } finally {
      await worker.terminate();
    }
  });
}

/** Until the attacker holds no voice session row: a storm starts with both sockets free. */
async function voiceSessionsClosed(server: BenchServer, userId: string) {
  const deadline = performance.now() + SESSIONS_SETTLE_MS;
  while (performance.now() < deadline) {
    const { rows } = await server.admin.query(
      "select count(*)::int as open from leased_slots where user_id = $1 and kind = 'voice'",
      [userId],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * One storm of `parts` with the neighbour timed meanwhile. Each storm starts with the attacker's minute of
 * uploads unused (their rate-limit row deleted), so the storms run one after another are alike: a real
 * attacker gets 60 files a minute, the first ones of each storm are parsed and the rest answered 429.
 */
async function stormRun(
  server: BenchServer,
  attacker: ApiSqlTarget,
  neighbour: ApiSqlTarget,
  parts: readonly StormPart[],
) {
  await voiceSessionsClosed(server, attacker.userId);
  await server.admin.query("delete from rate_limit where key = $1", [`upload:${attacker.userId}`]);
  const start = await prepareStorm({
    baseUrl: server.baseUrl,
    cookie: attacker.cookie,
    seconds: STORM_SECONDS,
    parts,
    ...ATTACKER_LOOPS,
    files: process.env.FAIRNESS_FILES?.split(",").map((label) => label.trim()),
  });
  const probe = await connectHeapProbe(server.inspectPort);
  try {
    const stopLag = await startLoopLag(probe);
    const stopProfile =
      process.env.FAIRNESS_PROFILE === "1" ? await startProfile(probe, parts.join("-")) : undefined;
    const loadBefore = loadAverage();
    const [attackerOutcome, samples] = await Promise.all([
      start(),
      neighbourRequests(neighbour, STORM_SECONDS),
    ]);
    const neighbourFigures = summary(samples);
    return {
      parts,
      ...neighbourFigures,
      withinBudget: neighbourFigures.p99Ms <= FAIRNESS_BUDGET_P99_MS && neighbourFigures.non2xx === 0,
      serverEventLoop: await stopLag(),
      ...(stopProfile ? { serverProfile: await stopProfile() } : {}),
      attacker: Object.fromEntries(Object.entries(attackerOutcome).filter(([, value]) => value !== null)),
      loadAverage: { before: loadBefore, after: loadAverage() },
    };
  } finally {
    probe.close();
  }
}

/** The neighbour's requests with nobody else's, and the server's loop meanwhile. */
async function aloneRun(server: BenchServer, neighbour: ApiSqlTarget) {
  const probe = await connectHeapProbe(server.inspectPort);
  try {
    const stopLag = await startLoopLag(probe);
    const loadBefore = loadAverage();
    const figures = summary(await neighbourRequests(neighbour, BASELINE_SECONDS));
    return {
      ...figures,
      serverEventLoop: await stopLag(),
      loadAverage: { before: loadBefore, after: loadAverage() },
    };
  } finally {
    probe.close();
  }
}

function stormParts(): StormPart[] {
  const asked = process.env.FAIRNESS_PARTS?.split(",").map((part) => part.trim());
  if (!asked) return [...STORM_PARTS];
  const unknown = asked.filter((part) => !(STORM_PARTS as readonly string[]).includes(part));
  if (unknown.length)
    throw new Error(`FAIRNESS_PARTS: unknown ${unknown.join(", ")} (${STORM_PARTS.join(", ")})`);
  return asked as StormPart[];
}

/** The figure of bench/results.json; null when PostgreSQL is not installed. */
export async function measureFairness(authSecret: string) {
  const parts = stormParts();
  return withBenchServer(authSecret, async (server) => {
    const attacker = await benchUser(server, SCALE_DATASET);
    const neighbour = await benchUser(server, NEIGHBOUR_DATASET);
    // Warm: the neighbour's statements prepared, the export's read once, the worker pool's threads loaded.
    await neighbourRequests(neighbour.target, 1);
    await fetch(`${server.baseUrl}${EXPORT_PATH}`, {
      headers: { cookie: attacker.target.cookie, origin: server.baseUrl },
    }).then((response) => response.arrayBuffer());
    const alone = await aloneRun(server, neighbour.target);
    const storm = await stormRun(server, attacker.target, neighbour.target, parts);
    const eachPart = !storm.withinBudget || process.env.FAIRNESS_EACH_PART === "1";
    const byPart: Record<string, Awaited<ReturnType<typeof stormRun>>> = {};
    if (eachPart && parts.length > 1)
      for (const part of parts)
        byPart[part] = await stormRun(server, attacker.target, neighbour.target, [part]);
    return {
      measuredAt: new Date().toISOString(),
      shortRequest: `GET ${SHORT_REQUEST_PATH}`,
      intervalMs: INTERVAL_MS,
      stormSeconds: STORM_SECONDS,
      datasets: { attacker: attacker.dataset, neighbour: neighbour.dataset },
      attackerLoops: ATTACKER_LOOPS,
      alone,
      duringStorm: storm,
      ...(Object.keys(byPart).length ? { eachPartAlone: byPart } : {}),
      budgetP99Ms: FAIRNESS_BUDGET_P99_MS,
      withinBudget: storm.withinBudget,
    };
  });
}

export type FairnessFigure = NonNullable<Awaited<ReturnType<typeof measureFairness>>>;

const PART_NAMES: Record<StormPart, string> = {
  uploads: "imports de fichiers",
  exports: "export CSV",
  voice: "flot sur le socket vocal",
};
const percent = (share: number) => `${Math.round(share * 100)} %`;
const verdict = (isWithin: boolean) => (isWithin ? "dans le budget" : "HORS BUDGET");
const counts = (byStatus: Record<string, number>) =>
  Object.entries(byStatus)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");

/** The console lines of `npm run bench`, in French. */
export function describeFairness(figure: FairnessFigure): string[] {
  const { alone, duringStorm: storm } = figure;
  const { uploads, exports, voice } = storm.attacker as Partial<StormOutcome>;
  const stormNames = storm.parts.map((part) => PART_NAMES[part]).join(", ");
  return [
    `Équité, ${figure.shortRequest} toutes les ${figure.intervalMs} ms pendant ${figure.stormSeconds} s (${stormNames} par un autre utilisateur à ${figure.datasets.attacker.invoices} factures) : p50 ${storm.p50Ms} ms, p95 ${storm.p95Ms} ms, p99 ${storm.p99Ms} ms, max ${storm.maxMs} ms, ${storm.non2xx} non-2xx (budget p99 ${figure.budgetP99Ms} ms, ${verdict(figure.withinBudget)}) ; seule : p50 ${alone.p50Ms} ms, p99 ${alone.p99Ms} ms ; boucle du serveur occupée ${percent(storm.serverEventLoop.utilization)}, retard p99 ${storm.serverEventLoop.p99Ms} ms, max ${storm.serverEventLoop.maxMs} ms (seule : ${percent(alone.serverEventLoop.utilization)}, max ${alone.serverEventLoop.maxMs} ms) ; charge ${storm.loadAverage.before.join(" / ")}`,
    ...(uploads ? [`  imports de l'attaquant : ${counts(uploads.byStatus)}`] : []),
    ...(exports
      ? [
          `  exports de l'attaquant : ${counts(exports.byStatus)}, ${exports.completeDownloads} complets (${exports.megabytes} Mo)`,
        ]
      : []),
    ...(voice
      ? [
          `  socket vocal de l'attaquant : ${voice.socketsOpened} ouverts, ${voice.framesSent} trames envoyées, fermetures ${counts(voice.closeCodes)}, connexions refusées ${counts(voice.upgradesRefused) || "aucune"}, reçus ${counts(voice.eventsReceived)}`,
        ]
      : []),
    ...Object.entries(figure.eachPartAlone ?? {}).map(
      ([part, run]) =>
        `  ${PART_NAMES[part as StormPart]} seul : p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, max ${run.maxMs} ms (${verdict(run.withinBudget)}) ; boucle du serveur occupée ${percent(run.serverEventLoop.utilization)}, retard p99 ${run.serverEventLoop.p99Ms} ms, max ${run.serverEventLoop.maxMs} ms, ${run.serverEventLoop.stallsOver50Ms} arrêts de plus de 50 ms`,
    ),
  ];
}

// Run alone: measures and writes `figures.fairness` only, the other figures of bench/results.json kept.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureFairness(randomBytes(32).toString("base64url"));
  const file = new URL("./results.json", import.meta.url);
  const results = JSON.parse(readFileSync(file, "utf8"));
  results.figures.fairness = figure ?? "PostgreSQL absent: not measured";
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  if (figure) for (const line of describeFairness(figure)) console.log(line);
  else console.log("PostgreSQL absent : équité non mesurée");
}
