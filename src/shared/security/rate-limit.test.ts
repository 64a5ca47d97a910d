import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createMemoryStorage,
  createRateLimiter,
  DEFAULT_RATE_LIMIT_MAX_ATTEMPTS,
  DEFAULT_RATE_LIMIT_WINDOW_MS,
  type RateLimitStorage,
} from "./rate-limit";

const MINUTE = 60 * 1000;

function setup(options: { maxAttempts?: number; windowMs?: number } = {}) {
  let time = 1_000_000;
  const storage = createMemoryStorage();
  const limiter = createRateLimiter({ ...options, storage, now: () => time });
  return {
    limiter,
    storage,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("createRateLimiter", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("defaults to 5 attempts per 15 minutes (spec §9)", () => {
    expect(DEFAULT_RATE_LIMIT_MAX_ATTEMPTS).toBe(5);
    expect(DEFAULT_RATE_LIMIT_WINDOW_MS).toBe(15 * MINUTE);
    const { limiter } = setup();
    expect(limiter.check("upload")).toEqual({ allowed: true, remaining: 5, retryAfterMs: 0 });
  });

  it("counts down, then refuses the sixth attempt with the wait", () => {
    const { limiter, advance } = setup();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(limiter.record("upload")).toEqual({ allowed: true, remaining: 5 - attempt, retryAfterMs: 0 });
      advance(MINUTE);
    }
    expect(limiter.record("upload")).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 15 * MINUTE - 4 * MINUTE,
    });
    advance(MINUTE);
    expect(limiter.check("upload")).toEqual({ allowed: false, remaining: 0, retryAfterMs: 10 * MINUTE });
  });

  it("allows again once the oldest attempt leaves the window", () => {
    const { limiter, advance } = setup();
    for (let attempt = 0; attempt < 5; attempt++) {
      limiter.record("upload");
      advance(MINUTE);
    }
    advance(10 * MINUTE - 1);
    expect(limiter.check("upload").allowed).toBe(false);
    expect(limiter.check("upload").retryAfterMs).toBe(1);
    advance(1);
    expect(limiter.check("upload")).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
  });

  it("keeps the keys apart", () => {
    const { limiter } = setup({ maxAttempts: 1 });
    limiter.record("upload:a");
    expect(limiter.check("upload:a").allowed).toBe(false);
    expect(limiter.check("upload:b").allowed).toBe(true);
  });

  it("reset forgets a key", () => {
    const { limiter } = setup({ maxAttempts: 1 });
    limiter.record("upload");
    limiter.reset("upload");
    expect(limiter.check("upload")).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
  });

  it("stores a list of timestamps per key, never more than the limit", () => {
    const { limiter, storage, advance } = setup({ maxAttempts: 2 });
    limiter.record("upload");
    advance(1);
    limiter.record("upload");
    advance(1);
    limiter.record("upload");
    expect(JSON.parse(storage.getItem("rate-limit:upload") ?? "null")).toEqual([1_000_001, 1_000_002]);
  });

  it("survives a new limiter on the same storage, as after a page reload", () => {
    const { limiter, storage } = setup({ maxAttempts: 1 });
    limiter.record("upload");
    const reloaded = createRateLimiter({ maxAttempts: 1, storage, now: () => 1_000_000 });
    expect(reloaded.check("upload").allowed).toBe(false);
  });

  it("treats an unreadable stored value as no attempts", () => {
    const { limiter, storage } = setup();
    storage.setItem("rate-limit:upload", "pas du json");
    expect(limiter.check("upload").remaining).toBe(5);
    storage.setItem("rate-limit:upload", JSON.stringify({ count: 9 }));
    expect(limiter.check("upload").remaining).toBe(5);
    storage.setItem("rate-limit:upload", JSON.stringify([1_000_000, "x", null]));
    expect(limiter.check("upload").remaining).toBe(4);
  });

  it("keeps working when the storage throws", () => {
    const broken: RateLimitStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const limiter = createRateLimiter({ storage: broken });
    expect(limiter.record("upload").allowed).toBe(true);
    expect(() => limiter.reset("upload")).not.toThrow();
  });

  it("uses localStorage when the browser has it", () => {
    const localStorage = createMemoryStorage();
    vi.stubGlobal("localStorage", localStorage);
    createRateLimiter().record("upload");
    expect(localStorage.getItem("rate-limit:upload")).not.toBeNull();
  });

  it("falls back to memory without localStorage", () => {
    const limiter = createRateLimiter({ maxAttempts: 1 });
    limiter.record("upload");
    expect(limiter.check("upload").allowed).toBe(false);
  });

  it("refuses nonsensical settings", () => {
    expect(() => createRateLimiter({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => createRateLimiter({ maxAttempts: 1.5 })).toThrow(RangeError);
    expect(() => createRateLimiter({ windowMs: 0 })).toThrow(RangeError);
  });
});
