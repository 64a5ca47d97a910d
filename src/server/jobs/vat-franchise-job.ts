import { franchiseEndLimit } from "@shared/domain/urssaf-thresholds";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { businessIdentities, microSettings, user } from "../db/schema/index";
import type { Mailer } from "../email/mailer";
import { vatFranchiseEndEmail } from "../email/templates/vat-franchise-end";
import type { Logger } from "../logger";

/**
 * Tells each seller once, by e-mail, that the app ended their VAT franchise (vat-franchise.service.ts
 * switched the regime and left `vat_franchise_emailed_at` empty). The row is claimed by setting it with a
 * conditional update, so a second instance never sends it again; a failed e-mail gives the claim back and is
 * tried at the next beat. Runs as the owner role across users.
 */
export async function sendVatFranchiseEndEmails(
  { db, mailer, logger, appUrl }: { db: Db; mailer: Mailer; logger: Logger; appUrl: string },
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select({
      userId: businessIdentities.userId,
      endedOn: businessIdentities.vatFranchiseEndedOn,
      reason: businessIdentities.vatFranchiseEndReason,
      category: businessIdentities.activityCategory,
      activity: microSettings.activity,
      email: user.email,
      name: user.name,
    })
    .from(businessIdentities)
    .innerJoin(user, eq(user.id, businessIdentities.userId))
    .leftJoin(microSettings, eq(microSettings.userId, businessIdentities.userId))
    .where(
      and(
        isNotNull(businessIdentities.vatFranchiseEndedOn),
        isNull(businessIdentities.vatFranchiseEmailedAt),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    if (!row.endedOn || !row.reason) continue;
    const unclaimed = and(
      eq(businessIdentities.userId, row.userId),
      isNull(businessIdentities.vatFranchiseEmailedAt),
    );
    const [claimed] = await db
      .update(businessIdentities)
      .set({ vatFranchiseEmailedAt: now })
      .where(unclaimed)
      .returning({ userId: businessIdentities.userId });
    if (!claimed) continue;
    const activity = row.activity ?? (row.category === "vente" ? "vente" : "services-bic");
    const end = {
      on: row.endedOn,
      reason: row.reason,
      limitCents: franchiseEndLimit(activity, row.endedOn, row.reason),
    };
    try {
      await mailer.send({
        to: row.email,
        userId: row.userId,
        ...vatFranchiseEndEmail({ name: row.name, appUrl, end }),
      });
      sent++;
    } catch (error) {
      await db
        .update(businessIdentities)
        .set({ vatFranchiseEmailedAt: null })
        .where(eq(businessIdentities.userId, row.userId));
      logger.warn({ err: error, userId: row.userId }, "VAT franchise e-mail failed; tried again later");
    }
  }
  return sent;
}
