import type { Interpretation } from "../../../schemas/interpretation";
import type { ExpectedLabels, GeneratedCase } from "./grammar";
import { type HarnessIntent, harnessIntents } from "./lexicon";

/**
 * Checks an interpretation against only what a person would check on the generated command, and sums the
 * results per intent and per feature (amount forms, typos, dictation…) so a regression shows where it is.
 */
export type Mismatch = { field: string; expected: unknown; actual: unknown };
export type ScoredCase = { testCase: GeneratedCase; mismatches: Mismatch[] };

/** Apostrophes and spaces as keyboards vary them. */
const sameName = (a: string, b: string) =>
  a.replace(/[’`]/g, "'").replace(/\s+/g, " ").trim() === b.replace(/[’`]/g, "'").replace(/\s+/g, " ").trim();

/** Free text (a title, a project's name): the words matter, not their case, quotes or trailing punctuation. */
const freeText = (text: string) =>
  text
    .toLowerCase()
    .replace(/[«»"“”]/g, "")
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .replace(/^[\s,.:;!-]+|[\s,.:;!-]+$/g, "");

export function scoreCase(testCase: GeneratedCase, result: Interpretation): ScoredCase {
  const { expected } = testCase;
  const entities = result.entities;
  const mismatches: Mismatch[] = [];
  const check = (field: string, ok: boolean, actual: unknown, expectedValue: unknown) => {
    if (!ok) mismatches.push({ field, expected: expectedValue, actual });
  };
  if (result.action !== expected.action) check("action", false, result.action, expected.action);
  for (const field of Object.keys(expected) as (keyof ExpectedLabels)[]) {
    const want = expected[field];
    if (field === "action" || want === undefined) continue;
    if (field === "period") {
      const period = expected.period;
      const got = entities.period;
      check(
        "period",
        !!got && !!period && got.from === period.from && period.to.includes(got.to),
        got && `${got.from}…${got.to}`,
        period && `${period.from}…${period.to.join(" | ")}`,
      );
      continue;
    }
    const got = entities[field];
    if (field === "amount")
      check(field, typeof got === "number" && Math.abs(got - (want as number)) < 0.005, got, want);
    else if (field === "title" || (field === "name" && expected.action === "create_project"))
      check(field, typeof got === "string" && freeText(got) === freeText(want as string), got, want);
    else if (field === "client" || field === "name")
      check(field, typeof got === "string" && sameName(got, want as string), got, want);
    else check(field, got === want, got, want);
  }
  return { testCase, mismatches };
}

type Tally = { passed: number; total: number };

function rate({ passed, total }: Tally): string {
  return total === 0 ? "   –  " : `${((100 * passed) / total).toFixed(1).padStart(5)} %`;
}

export function accuracy(scored: readonly ScoredCase[]): number {
  return scored.length === 0 ? 0 : scored.filter((one) => one.mismatches.length === 0).length / scored.length;
}

function tallyBy(
  scored: readonly ScoredCase[],
  keysOf: (one: ScoredCase) => readonly string[],
): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const one of scored)
    for (const key of keysOf(one)) {
      const tally = tallies.get(key) ?? { passed: 0, total: 0 };
      tally.total += 1;
      if (one.mismatches.length === 0) tally.passed += 1;
      tallies.set(key, tally);
    }
  return tallies;
}

/** Per intent, per feature (worst first), which fields fail most, and a few failures to read. */
export function formatReport(title: string, scored: readonly ScoredCase[], examples = 10): string {
  const lines = [
    `${title}: ${rate({ passed: scored.filter((one) => one.mismatches.length === 0).length, total: scored.length })} of ${scored.length} commands`,
  ];
  const byIntent = tallyBy(scored, (one) => [one.testCase.intent]);
  lines.push(
    `  by intent: ${harnessIntents.map((intent: HarnessIntent) => `${intent} ${rate(byIntent.get(intent) ?? { passed: 0, total: 0 }).trim()}`).join(", ")}`,
  );
  const byFeature = [...tallyBy(scored, (one) => one.testCase.tags)].sort(
    ([, a], [, b]) => a.passed / a.total - b.passed / b.total,
  );
  lines.push(
    `  by feature (worst first): ${byFeature.map(([tag, tally]) => `${tag} ${rate(tally).trim()} (${tally.total})`).join(", ")}`,
  );
  const fieldCounts = new Map<string, number>();
  for (const one of scored)
    for (const mismatch of one.mismatches)
      fieldCounts.set(mismatch.field, (fieldCounts.get(mismatch.field) ?? 0) + 1);
  lines.push(
    `  wrong fields: ${
      [...fieldCounts]
        .sort(([, a], [, b]) => b - a)
        .map(([field, count]) => `${field} ${count}`)
        .join(", ") || "none"
    }`,
  );
  const failures = scored.filter((one) => one.mismatches.length > 0);
  // Spread the examples over the failures so they are not all of the first intent generated.
  const step = Math.max(1, Math.floor(failures.length / examples));
  for (const one of failures.filter((_, index) => index % step === 0).slice(0, examples)) {
    const detail = one.mismatches
      .map((m) => `${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`)
      .join("; ");
    lines.push(`  ✗ « ${one.testCase.text} » — ${detail}`);
  }
  return lines.join("\n");
}
