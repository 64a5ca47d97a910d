import { createHash } from "node:crypto";

/**
 * What is stored for a random secret that is shown once (API token, client link, calendar feed): its
 * SHA-256 in hex, looked up by hashing what the caller presents. The secrets carry 192 bits or more from
 * the CSPRNG, so a fast unsalted hash is enough: there is nothing to guess, and the lookup must be by value.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
