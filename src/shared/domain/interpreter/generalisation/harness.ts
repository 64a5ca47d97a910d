import { interpretCommand } from "../interpret-command";
import { HARNESS_TODAY } from "./calendar";
import { generateCases } from "./grammar";
import type { Lexicon } from "./lexicon";
import { type ScoredCase, scoreCase } from "./scoring";

/** The harness's fixed seed and size: change either and every figure reported before stops comparing. */
export const HARNESS_SEED = 20260318;
export const HARNESS_CASES_PER_PART = 2000;

/**
 * The held-out accuracy the test demands. Issue 27's goal is 0.98; the interpreter reached 0.795 on
 * 2026-12-03 (0.408 before the pipeline work, 0.719 after its first round, 0.785 before the tuning half was
 * widened; that half is at 0.990 on its widened vocabulary, so the gap is what tuning did not generalise). The bar is what it truly reaches, so a change that loses held-out
 * commands fails; it only goes up, towards the goal.
 */
export const HELD_OUT_ACCURACY_THRESHOLD = 0.79;

/** Noon UTC is the same calendar day in Paris, summer or winter. */
const now = new Date(`${HARNESS_TODAY}T12:00:00Z`);

/** Generates one half's commands and runs the interpreter in-process on each. */
export function runHarness(
  lexicon: Lexicon,
  seed = HARNESS_SEED,
  count = HARNESS_CASES_PER_PART,
): ScoredCase[] {
  return generateCases(lexicon, seed, count).map((testCase) =>
    scoreCase(testCase, interpretCommand(testCase.text, now)),
  );
}
