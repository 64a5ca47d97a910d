import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs with no configuration at all on the local defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: "development", appUrl: "http://localhost:3000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir).toMatch(/\/data$/);
  });

  it("names every faulty variable in French", () => {
    const error = (() => {
      try {
        parseEnv({ PORT: "trois-mille", DATABASE_URL: "mysql://user:secret@db/app", LOG_LEVEL: "bavard" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain("Configuration invalide");
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL doit être une URL postgres:// ou postgresql://");
    expect(message).toContain("LOG_LEVEL");
    // A URL may hold a password: it is never echoed.
    expect(message).not.toContain("secret");
  });

  it("requires the webhook secret with a Stripe key", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
