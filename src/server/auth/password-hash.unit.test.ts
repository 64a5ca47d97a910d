import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, OWASP_SCRYPT, TEST_SCRYPT, verifyPassword } from "./password-hash";

describe("scrypt password hashes", () => {
  // Three hashes at 128 MiB each: seconds on a busy 2-core machine.
  it("hashes at OWASP's cost (N=2^17, r=8, p=1) with the parameters in the hash, and verifies it", {
    timeout: 30_000,
  }, async () => {
    const hash = await hashPassword("Velo-Cargo-Lumiere-2026", OWASP_SCRYPT);
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyPassword(hash, "Velo-Cargo-Lumiere-2026")).toBe(true);
    expect(await verifyPassword(hash, "Velo-Cargo-Lumiere-2027")).toBe(false);
    expect(needsRehash(hash, OWASP_SCRYPT)).toBe(false);
    expect(needsRehash(hash, TEST_SCRYPT)).toBe(true);
  });

  it("verifies better-auth's own format and asks for it to be re-hashed", { timeout: 30_000 }, async () => {
    const legacy = await betterAuthHash("Velo-Cargo-Lumiere-2026");
    expect(await verifyPassword(legacy, "Velo-Cargo-Lumiere-2026")).toBe(true);
    expect(await verifyPassword(legacy, "velo-cargo-lumiere-2026")).toBe(false);
    expect(needsRehash(legacy, OWASP_SCRYPT)).toBe(true);
  });

  it("refuses what is not a hash it knows", async () => {
    expect(await verifyPassword("", "x")).toBe(false);
    expect(await verifyPassword("$argon2id$v=19$m=65536,t=3,p=4$abc$def", "x")).toBe(false);
  });
});
