import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { describeModes } from "./modes";

describe("describeModes", () => {
  it("says the local tools answer only to this machine, and which origins are trusted", () => {
    const lines = describeModes(parseEnv({ HOST: "0.0.0.0" })).join("\n");
    expect(lines).toContain("http://localhost:3000/dev/mailbox, ouvert aux seuls appels de cette machine");
    expect(lines).toContain("http://localhost:3000/dev/stripe, ouvert aux seuls appels de cette machine");
    expect(lines).toContain(
      "origines        : http://localhost:3000, http://127.0.0.1:3000, http://[::1]:3000",
    );
  });

  it("says where webhooks may go: loopback outside production only", () => {
    expect(describeModes(parseEnv({})).join("\n")).toContain(
      "webhooks        : Internet public et boucle locale (127.0.0.0/8, ::1, hors production)",
    );
    const production = parseEnv({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(32),
      ALLOW_LOCAL_OUTBOX: "true",
    });
    expect(describeModes(production).join("\n")).toContain("webhooks        : Internet public uniquement");
  });
});
