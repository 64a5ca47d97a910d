import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBin, freePort, startThrowawayCluster } from "./postgres-cluster";

// `npm test`: lint, types, unit tests, API tests on PGlite and PostgreSQL, browser tests in Chromium,
// then one summary line. Every layer runs even when an earlier one fails, so one run shows everything.

type Layer = {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  /** The end of a failed check's output, printed again under the summary (CI often shows only the tail). */
  detail?: string;
};
const layers: Layer[] = [];
const reports = ".tmp/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function heading(title: string) {
  console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 60 - title.length))}`);
}

function check(name: string, command: string, args: string[]) {
  heading(name);
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`;
  process.stdout.write(output);
  const isOk = result.status === 0;
  // A check is not a test: it adds no "passed", but a failing one counts as a failure.
  layers.push({
    name,
    passed: 0,
    failed: isOk ? 0 : 1,
    skipped: 0,
    note: isOk ? "ok" : "ÉCHEC",
    detail: isOk ? undefined : output.trim().split("\n").slice(-60).join("\n"),
  });
}

function vitest(name: string, project: string, env: Record<string, string> = {}) {
  heading(name);
  const output = join(reports, `${name}.json`);
  const isOk = run(
    "npx",
    [
      "vitest",
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${output}`,
    ],
    env,
  );
  if (!existsSync(output))
    return layers.push({ name, passed: 0, failed: 1, skipped: 0, note: "aucun rapport" });
  const report = JSON.parse(readFileSync(output, "utf8"));
  const failed = report.numFailedTests + (isOk || report.numFailedTests > 0 ? 0 : 1);
  layers.push({
    name,
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

/**
 * The Debian tools the tests drive: Chromium (browser tests) and poppler-utils (PDF text and images).
 * Missing ones are installed with apt-get when we run as root; otherwise we stop and say what to install.
 */
function ensureDebianTools(tools: { path: string; debianPackage: string }[]): boolean {
  const missing = tools.filter((tool) => !existsSync(tool.path));
  if (missing.length === 0) return true;
  const packages = missing.map((tool) => tool.debianPackage);
  const canInstall = process.getuid?.() === 0 && spawnSync("which", ["apt-get"]).status === 0;
  if (canInstall) {
    heading(`installation de ${packages.join(", ")} (apt-get)`);
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", ...packages], { DEBIAN_FRONTEND: "noninteractive" });
  }
  const stillMissing = tools.filter((tool) => !existsSync(tool.path));
  for (const tool of stillMissing) {
    console.error(
      `${tool.path} est introuvable : installez le paquet Debian « ${tool.debianPackage} » (apt-get install -y ${tool.debianPackage}).`,
    );
  }
  return stillMissing.length === 0;
}

const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const hasTools = ensureDebianTools([
  { path: chromium, debianPackage: "chromium" },
  { path: "/usr/bin/pdftotext", debianPackage: "poppler-utils" },
]);
if (!hasTools) process.exit(1);

check("lint", "npx", ["biome", "check", "."]);
check("types", "npx", ["tsc", "--noEmit"]);
vitest("unit", "unit");
vitest("api-pglite", "api", { TEST_DB: "pglite" });

const postgresBin = findPostgresBin();
if (process.env.TEST_DATABASE_URL) {
  vitest("api-postgres", "api", { TEST_DB: "postgres" });
} else if (postgresBin) {
  heading(`PostgreSQL jetable (${postgresBin})`);
  const cluster = await startThrowawayCluster(postgresBin);
  const stop = () => cluster.stop();
  process.once("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    vitest("api-postgres", "api", { TEST_DB: "postgres", TEST_DATABASE_URL: cluster.url });
  } finally {
    stop();
  }
} else {
  console.log(
    "\nPostgreSQL absent (ni /usr/lib/postgresql/*/bin ni TEST_DATABASE_URL) : tests API sur PostgreSQL non exécutés.",
  );
}

heading("e2e (Chromium)");
const e2eData = mkdtempSync(join(tmpdir(), "ardoise-e2e-"));
const e2eReport = join(reports, "e2e.json");
const e2eOk = run("npx", ["playwright", "test"], {
  CHROME_PATH: chromium,
  E2E_PORT: String(await freePort()),
  E2E_DATA_DIR: e2eData,
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
rmSync(e2eData, { recursive: true, force: true });
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, "utf8"));
  layers.push({
    name: "e2e",
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (e2eOk || stats.unexpected ? 0 : 1),
    skipped: stats.skipped,
  });
} else {
  layers.push({ name: "e2e", passed: 0, failed: 1, skipped: 0, note: "aucun rapport" });
}

const total = layers.reduce(
  (sum, layer) => ({
    passed: sum.passed + layer.passed,
    failed: sum.failed + layer.failed,
    skipped: sum.skipped + layer.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
for (const layer of layers.filter((layer) => layer.detail)) {
  heading(`${layer.name} : fin de la sortie`);
  console.log(layer.detail);
}
heading("résumé");
console.log(
  layers
    .map((layer) => `${layer.name} ${layer.note ?? `${layer.passed}/${layer.passed + layer.failed}`}`)
    .join(" · "),
);
console.log(
  `Total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
);
process.exit(total.failed === 0 ? 0 : 1);
