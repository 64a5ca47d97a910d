import { interpretCommand } from "../src/shared/domain/interpreter/interpret-command";
import { INTERPRETER_CASES, INTERPRETER_NOW } from "../src/shared/domain/interpreter/interpreter-cases";
import { percentile } from "./stats";

const ROUNDS = 50;

/** Microseconds per command of the offline interpreter over its test set, after a warm-up round. */
export function measureInterpreter(): { meanUs: number; p99Us: number; commands: number } {
  const now = new Date(`${INTERPRETER_NOW}T12:00:00Z`);
  const texts = INTERPRETER_CASES.map((testCase) => testCase.text);
  for (const text of texts) interpretCommand(text, now);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const text of texts) {
      const started = performance.now();
      interpretCommand(text, now);
      samples.push((performance.now() - started) * 1000);
    }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
  return { meanUs: Math.round(mean), p99Us: Math.round(percentile(samples, 99)), commands: texts.length };
}
