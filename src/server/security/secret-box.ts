import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals the secrets users hand to Ardoise (a Mailchimp API key, a Stripe key…) before they are stored:
 * AES-256-GCM with a key derived (HKDF-SHA256) from the server's own secret, so a copy of the database alone
 * gives no usable key. Each sealed value is bound to what it is for (`context`, e.g. "mailchimp:<user id>")
 * as associated data: a value moved to another row or another user does not open.
 *
 * Changing the server secret (BETTER_AUTH_SECRET, or data/auth-secret outside production) makes the stored
 * secrets unreadable: `open` then returns null and the user is asked to enter them again.
 */
export type SecretBox = {
  seal: (plaintext: string, context: string) => string;
  open: (sealed: string, context: string) => string | null;
};

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "ardoise", "secret-box v1", 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}`;
    },
    open(sealed, context) {
      const [version, iv, body] = sealed.split(".");
      if (version !== VERSION || !iv || !body) return null;
      const bytes = Buffer.from(body, "base64url");
      if (bytes.length < TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
          .setAAD(Buffer.from(context))
          .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
