import { parisToday } from "@shared/domain/dates";

// The demo is a fixed pseudo-random sequence laid over the twelve months before today: the same account
// every time it is seeded, always dated as if the year had just been lived.

const DAY_MS = 86_400_000;

let state = 20_261_121;
/** A linear congruential generator: deterministic, unlike Math.random, so every run seeds the same demo. */
export const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
/** A whole number from `min` to `max`, both included. */
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The seed's "now", taken once so every date of one run is counted from the same instant. */
const seededAt = Date.now();

/** The instant `daysAgo` days before now (negative: in the future), at the time of day of the run. */
export const momentAgo = (daysAgo: number) => new Date(seededAt - daysAgo * DAY_MS);
/** The Paris calendar day `daysAgo` days before today, YYYY-MM-DD. */
export const dayAgo = (daysAgo: number) => parisToday(momentAgo(daysAgo));
export const seedStartedAt = () => new Date(seededAt);
