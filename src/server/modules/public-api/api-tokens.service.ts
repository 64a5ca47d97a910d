import { randomBytes } from "node:crypto";
import type { ApiTokenDto, CreateApiTokenInput, CreatedApiTokenDto } from "@shared/schemas/public-api";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens, user } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { hashToken } from "../../security/token-hash";

/** Tells an Ardoise token apart in a config file or a secret scanner. */
export const TOKEN_PREFIX = "ard_";
/** Characters of the token kept in clear for the list ("ard_" and 6 more). */
const SHOWN_START = TOKEN_PREFIX.length + 6;
/** A token's last use is written at most this often: not one UPDATE per API call. */
const LAST_USED_PRECISION_MS = 60_000;

type TokenRow = typeof apiTokens.$inferSelect;

const tokenNotFound = () => new AppError("not_found", "Jeton introuvable.");

function toDto(row: TokenRow): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    tokenStart: row.tokenStart,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new token: `ard_` and 32 random bytes in base64url; only its SHA-256 is stored. */
export async function createApiToken(
  db: Db,
  { userId, input }: { userId: string; input: CreateApiTokenInput },
): Promise<CreatedApiTokenDto> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashToken(token),
        tokenStart: token.slice(0, SHOWN_START),
      })
      .returning(),
  );
  if (!row) throw new Error("insert into api_tokens returned no row");
  return { ...toDto(row), token };
}

/** The user's live tokens, newest first. */
export async function listApiTokens(db: Db, { userId }: { userId: string }): Promise<ApiTokenDto[]> {
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)),
  );
  return rows.map(toDto);
}

/** Revoked at once: the next call with it is a 401. The row stays, so the hash can never come back. */
export async function revokeApiToken(db: Db, { userId, tokenId }: { userId: string; tokenId: string }) {
  const revoked = await withTenant(db, userId, (tx) =>
    tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id }),
  );
  if (revoked.length === 0) throw tokenNotFound();
}

/** Every live token of the user is revoked at once (global sign-out, password reset or change). */
export async function revokeAllApiTokens(tx: Tx, userId: string, now = new Date()): Promise<number> {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

export type TokenOwner = {
  tokenId: string;
  scope: TokenRow["scope"];
  user: { id: string; email: string; name: string; emailVerified: boolean };
};

/**
 * The live token's owner, or null. Read as the owner role: the tenant is what this finds out. The last use
 * is written at most once a minute.
 */
export async function authenticateToken(db: Db, token: string, now = new Date()): Promise<TokenOwner | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [found] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
    })
    .from(apiTokens)
    .innerJoin(user, eq(user.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  if (!found) return null;
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, found.tokenId));
  }
  const { tokenId, scope, id, email, name, emailVerified } = found;
  return { tokenId, scope, user: { id, email, name, emailVerified } };
}
