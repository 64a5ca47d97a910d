import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export type ScryptCost = { log2N: number; r: number; p: number };

/** OWASP's scrypt minimum (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB per hash. */
export const OWASP_SCRYPT: ScryptCost = { log2N: 17, r: 8, p: 1 };
/**
 * The API test suite signs hundreds of users up and in on 2 shared cores: at OWASP cost each hash takes
 * ~0.3 s, so NODE_ENV=test hashes at N=2^10 (same code, same format). Never used outside tests.
 */
export const TEST_SCRYPT: ScryptCost = { log2N: 10, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// better-auth 1.7's own format "hexsalt:hexkey": N=16384, r=16, p=1, the hex text itself used as salt.
const LEGACY = { cost: { log2N: 14, r: 16, p: 1 }, pattern: /^([0-9a-f]+):([0-9a-f]+)$/ };
// Ours carries its parameters, so raising the cost later still verifies (and upgrades) older hashes.
const CURRENT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: string | Buffer, { log2N, r, p }: ScryptCost, length: number) {
  const N = 2 ** log2N;
  return new Promise<Buffer>((resolve, reject) => {
    // Node's default maxmem (32 MiB) refuses N=2^17; scrypt needs 128·N·r bytes, plus headroom.
    scrypt(password.normalize("NFKC"), salt, length, { N, r, p, maxmem: 256 * N * r * p }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return `$scrypt$ln=${cost.log2N},r=${cost.r},p=${cost.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

type Parsed = { cost: ScryptCost; salt: string | Buffer; key: Buffer };

function parse(hash: string): Parsed | null {
  const current = CURRENT.exec(hash);
  if (current) {
    const [, log2N, r, p, salt, key] = current;
    return {
      cost: { log2N: Number(log2N), r: Number(r), p: Number(p) },
      salt: Buffer.from(salt as string, "base64"),
      key: Buffer.from(key as string, "base64"),
    };
  }
  const legacy = LEGACY.pattern.exec(hash);
  if (legacy)
    return { cost: LEGACY.cost, salt: legacy[1] as string, key: Buffer.from(legacy[2] as string, "hex") };
  return null;
}

/** Whether the password matches the stored hash, in either format. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed || parsed.cost.log2N > 20) return false;
  const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** A hash made in the old format or at another cost than today's: re-hash it once the password is known. */
export function needsRehash(hash: string, cost: ScryptCost): boolean {
  const current = CURRENT.exec(hash);
  return (
    !current ||
    current[1] !== String(cost.log2N) ||
    current[2] !== String(cost.r) ||
    current[3] !== String(cost.p)
  );
}
