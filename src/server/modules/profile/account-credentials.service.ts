import type { AccountCredentialsDto } from "@shared/schemas/auth";
import type { Db } from "../../db/client";
import { withTenant } from "../../db/tenant";
import type { Logger } from "../../logger";
import { logSecurityEvent } from "../audit/audit.service";
import { listCalendarFeeds, stopCalendarFeeds } from "../calendar/calendar.service";
import { listApiTokens, revokeAllApiTokens } from "../public-api/api-tokens.service";

/**
 * The credentials that are not sessions and outlive them: personal API tokens and calendar feed URLs. Ending
 * every session leaves them working; these are what a global sign-out offers to revoke, and what a password
 * reset or change revokes (issue 26, finding 6).
 */
export async function listAccountCredentials(
  db: Db,
  { userId }: { userId: string },
): Promise<AccountCredentialsDto> {
  const apiTokens = await listApiTokens(db, { userId });
  const feeds = await withTenant(db, userId, (tx) => listCalendarFeeds(tx, userId));
  return {
    apiTokens: apiTokens.map(({ id, name, tokenStart, createdAt, lastUsedAt }) => ({
      id,
      name,
      tokenStart,
      createdAt,
      lastUsedAt,
    })),
    calendarFeeds: feeds.map((feed) => ({
      id: feed.id,
      createdAt: feed.createdAt.toISOString(),
      lastReadAt: feed.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

export type RevokedCredentials = { apiTokens: number; calendarFeeds: number };

const WHY = {
  sign_out: "déconnexion de tous les appareils",
  password_reset: "mot de passe réinitialisé",
  password_changed: "mot de passe modifié",
} as const;

/**
 * Revokes every API token and stops every calendar feed of the user, in one transaction: the next call
 * with any of them is a 401 or a 404. Audited with what was revoked and why.
 */
export async function revokeAccountCredentials(
  db: Db,
  logger: Logger,
  { userId, reason, userAgent }: { userId: string; reason: keyof typeof WHY; userAgent?: string | null },
): Promise<RevokedCredentials> {
  const revoked = await withTenant(db, userId, async (tx) => ({
    apiTokens: await revokeAllApiTokens(tx, userId),
    calendarFeeds: await stopCalendarFeeds(tx, userId),
  }));
  await logSecurityEvent(db, logger, {
    userId,
    eventType: "credentials_revoked",
    description: `Jetons d'API et flux de calendrier révoqués (${WHY[reason]})`,
    metadata: { ...revoked, reason },
    userAgent,
  });
  return revoked;
}
