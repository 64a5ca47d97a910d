import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { trustedOrigins } from "./same-origin";

describe("trustedOrigins", () => {
  it("trusts APP_URL's loopback aliases (same scheme and port) outside production", () => {
    expect(trustedOrigins(parseEnv({ PORT: "3000" }))).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(trustedOrigins(parseEnv({ APP_URL: "http://127.0.0.1:8080/" }))).toContain(
      "http://localhost:8080",
    );
  });

  it("trusts only APP_URL and TRUSTED_ORIGINS in production, and no alias for a public APP_URL", () => {
    const production = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtp://127.0.0.1:25",
      TRUSTED_ORIGINS: "https://admin.exemple.fr",
    };
    expect(trustedOrigins(parseEnv({ ...production, APP_URL: "http://localhost:3000" }))).toEqual([
      "http://localhost:3000",
      "https://admin.exemple.fr",
    ]);
    expect(trustedOrigins(parseEnv({ APP_URL: "https://app.exemple.fr" }))).toEqual([
      "https://app.exemple.fr",
    ]);
  });
});
