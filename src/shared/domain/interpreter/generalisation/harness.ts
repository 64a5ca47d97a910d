import { interpretCommand } from "../interpret-command";
import { HARNESS_TODAY } from "./calendar";
import { generateCases } from "./grammar";
import type { Lexicon } from "./lexicon";
import { type ScoredCase, scoreCase } from "./scoring";

/** The harness's fixed seed and size: change either and every figure reported before stops comparing. */
export const HARNESS_SEED = 20260318;
export const HARNESS_CASES_PER_PART = 2000;

/**
 * The held-out accuracy the test demands: issue 27's goal. On main as of this harness's arrival the
 * interpreter scored far below it (see the integrator's note); whoever lands the interpreter work sets this to
 * the figure it truly reaches, and from then on it only goes up.
 */
export const HELD_OUT_ACCURACY_THRESHOLD = 0.98;

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
