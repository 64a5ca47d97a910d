/** Spec §5 and §9: 5 attempts per 15 minutes per key. */
export const DEFAULT_RATE_LIMIT_MAX_ATTEMPTS = 5;
export const DEFAULT_RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;

const STORAGE_PREFIX = "rate-limit:";

/** The part of the Web Storage API the limiter uses (localStorage in the browser, a fake in tests). */
export type RateLimitStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type RateLimitState = { allowed: boolean; remaining: number; retryAfterMs: number };

export type RateLimiterOptions = {
  maxAttempts?: number;
  windowMs?: number;
  storage?: RateLimitStorage;
  now?: () => number;
};

export type RateLimiter = {
  check(key: string): RateLimitState;
  record(key: string): RateLimitState;
  reset(key: string): void;
};

/**
 * Client-side helper only, to spare the user and the server pointless attempts: anyone can clear local
 * storage, so the server keeps its own limits. Stored as a list of timestamps per key (spec §3).
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const {
    maxAttempts = DEFAULT_RATE_LIMIT_MAX_ATTEMPTS,
    windowMs = DEFAULT_RATE_LIMIT_WINDOW_MS,
    storage = defaultStorage(),
    now = Date.now,
  } = options;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError("maxAttempts must be a positive integer");
  }
  if (!(windowMs > 0)) throw new RangeError("windowMs must be positive");

  function recentAttempts(key: string, at: number): number[] {
    return readTimestamps(storage, STORAGE_PREFIX + key)
      .filter((time) => time > at - windowMs)
      .sort((a, b) => a - b);
  }

  function stateOf(attempts: number[], at: number): RateLimitState {
    const remaining = Math.max(0, maxAttempts - attempts.length);
    if (remaining > 0) return { allowed: true, remaining, retryAfterMs: 0 };
    // A slot frees up when the oldest of the last `maxAttempts` attempts leaves the window.
    const freeingAttempt = attempts[attempts.length - maxAttempts] ?? at;
    return { allowed: false, remaining: 0, retryAfterMs: Math.max(0, freeingAttempt + windowMs - at) };
  }

  return {
    check(key) {
      const at = now();
      return stateOf(recentAttempts(key, at), at);
    },
    record(key) {
      const at = now();
      // Only the last `maxAttempts` matter, so repeated blocked attempts do not grow the stored list.
      const attempts = [...recentAttempts(key, at), at].slice(-maxAttempts);
      writeTimestamps(storage, STORAGE_PREFIX + key, attempts);
      return stateOf(attempts, at);
    },
    reset(key) {
      try {
        storage.removeItem(STORAGE_PREFIX + key);
      } catch {
        // Storage unavailable (private mode, quota): nothing was kept, nothing to reset.
      }
    },
  };
}

function readTimestamps(storage: RateLimitStorage, storageKey: string): number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((value): value is number => typeof value === "number" && Number.isFinite(value));
  } catch {
    // Unreadable storage or a value edited by hand: start again rather than lock the user out.
    return [];
  }
}

function writeTimestamps(storage: RateLimitStorage, storageKey: string, timestamps: number[]): void {
  try {
    storage.setItem(storageKey, JSON.stringify(timestamps));
  } catch {
    // Quota exceeded or storage disabled: the limiter degrades to allowing, the server still limits.
  }
}

function defaultStorage(): RateLimitStorage {
  try {
    if (typeof globalThis.localStorage !== "undefined") return globalThis.localStorage;
  } catch {
    // Accessing localStorage throws when the browser blocks it.
  }
  return createMemoryStorage();
}

/** A Map-backed storage, used when localStorage is unavailable and in tests. */
export function createMemoryStorage(): RateLimitStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
