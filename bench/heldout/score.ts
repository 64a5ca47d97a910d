import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Issue 27's human-written held-out set: every command goes through the interpreter's command line in one run,
// exactly as the hidden corpora do, and each output is compared with what a person expects (README.md here).
// `npx tsx bench/heldout/score.ts [--json]`. Not part of `npm test`: it measures, it does not gate.

const NOW = "2026-03-18";
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

interface HeldOutCase {
  id: string;
  text: string;
  expect: Record<string, unknown>;
  class: string;
}

const cases: HeldOutCase[] = readFileSync(join(here, "commands.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as HeldOutCase);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Where `got` departs from `expected`, as "path: expected …, got …" lines (none: it matches). A deep partial
 * match: only the expected keys count. Three operators cover what a literal cannot say: `{ "$absent": true }`
 * (the field must not be there), `{ "$oneOf": [...] }` (any of these readings is right) and
 * `{ "$includes": "…" }` (a string containing it, ignoring case, or an array with such an element).
 */
function mismatches(expected: unknown, got: unknown, path: string): string[] {
  const fail = () => [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`];
  if (isRecord(expected)) {
    if ("$absent" in expected) return got === undefined ? [] : fail();
    if ("$oneOf" in expected) {
      const options = expected.$oneOf as unknown[];
      return options.some((option) => mismatches(option, got, path).length === 0) ? [] : fail();
    }
    if ("$includes" in expected) {
      const needle = String(expected.$includes).toLowerCase();
      const contains = (value: unknown) => typeof value === "string" && value.toLowerCase().includes(needle);
      return contains(got) || (Array.isArray(got) && got.some(contains)) ? [] : fail();
    }
    if (!isRecord(got)) return fail();
    return Object.entries(expected).flatMap(([key, value]) => mismatches(value, got[key], `${path}.${key}`));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(got) || got.length !== expected.length) return fail();
    return expected.flatMap((value, index) => mismatches(value, got[index], `${path}[${index}]`));
  }
  // Euros come out of arithmetic (2 500 × 0,12): a cent's half is the tolerance, as the forms round to cents.
  if (typeof expected === "number")
    return typeof got === "number" && Math.abs(got - expected) < 0.005 ? [] : fail();
  return got === expected ? [] : fail();
}

const run = spawnSync("npx", ["tsx", "scripts/interpret.ts", "--now", NOW], {
  cwd: root,
  input: `${cases.map((c) => c.text).join("\n")}\n`,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (run.status !== 0) {
  console.error(`The interpreter's command line failed (exit ${run.status}):\n${run.stderr}`);
  process.exit(2);
}
const outputs = run.stdout.split("\n").filter((line) => line.trim());
if (outputs.length !== cases.length) {
  console.error(`Expected ${cases.length} output lines, got ${outputs.length}.`);
  process.exit(2);
}

const results = cases.map((c, index) => {
  const got = JSON.parse(outputs[index] ?? "null") as unknown;
  return { ...c, got, problems: mismatches(c.expect, got, "$") };
});

const percent = (passed: number, total: number) => `${((100 * passed) / total).toFixed(1)} %`;
const byClass = new Map<string, { passed: number; total: number }>();
for (const r of results) {
  const entry = byClass.get(r.class) ?? { passed: 0, total: 0 };
  entry.total += 1;
  if (r.problems.length === 0) entry.passed += 1;
  byClass.set(r.class, entry);
}
const passed = results.filter((r) => r.problems.length === 0).length;
const failures = results.filter((r) => r.problems.length > 0);

for (const r of failures) {
  console.log(`✗ ${r.id} [${r.class}] « ${r.text} »`);
  for (const problem of r.problems) console.log(`    ${problem}`);
}
console.log("");
console.log(`Held-out set (--now ${NOW}): ${passed}/${results.length} = ${percent(passed, results.length)}`);
for (const [name, { passed: p, total }] of [...byClass].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${name.padEnd(15)} ${`${p}/${total}`.padStart(6)}  ${percent(p, total)}`);
}

if (process.argv.includes("--json")) {
  const report = {
    now: NOW,
    at: new Date().toISOString(),
    passed,
    total: results.length,
    score: passed / results.length,
    classes: Object.fromEntries(
      [...byClass].map(([name, entry]) => [name, { ...entry, score: entry.passed / entry.total }]),
    ),
    failures: failures.map(({ id, class: cls, text, expect, got, problems }) => ({
      id,
      class: cls,
      text,
      expect,
      got,
      problems,
    })),
  };
  writeFileSync(join(here, "last-score.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Written to bench/heldout/last-score.json`);
}
