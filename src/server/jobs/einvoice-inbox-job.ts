import { asc, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { businessIdentities, einvoiceInbox } from "../db/schema/index";
import type { Logger } from "../logger";
import { pullInbox, sendAnswer } from "../modules/einvoicing/einvoicing.service";
import type { EinvoicingPlatform } from "../modules/einvoicing/platform";

/**
 * Supplier e-invoices received by the plateforme agréée (issue 13 §2): each user who gave a SIREN (the
 * platform routes by it) gets what arrived into « Factures reçues ». Runs as the owner role across users,
 * then each pull works inside the user's tenant. One user's failure (an unreachable directory) does not stop
 * the others. Returns how many invoices were taken.
 */
export async function pullReceivedInvoices({
  db,
  platform,
  logger,
}: {
  db: Db;
  platform: EinvoicingPlatform;
  logger: Logger;
}): Promise<number> {
  const recipients = await db
    .select({ userId: businessIdentities.userId, siren: businessIdentities.siren })
    .from(businessIdentities)
    .where(isNotNull(businessIdentities.siren));
  let taken = 0;
  for (const { userId, siren } of recipients) {
    if (!siren) continue;
    taken += await pullInbox(db, platform, { userId, siren, logger }).catch((error: unknown) => {
      logger.error({ err: error, userId }, "received e-invoices could not be taken");
      return 0;
    });
  }
  return taken;
}

const ANSWER_BATCH = 20;

/**
 * Answers to received invoices (approuvée, refusée) whose try is due: a first one the platform did not take
 * when the user decided, then its retries. Returns how many went through.
 */
export async function sendDueAnswers(
  { db, platform, logger }: { db: Db; platform: EinvoicingPlatform; logger: Logger },
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: einvoiceInbox.id, userId: einvoiceInbox.userId })
    .from(einvoiceInbox)
    .where(lte(einvoiceInbox.answerRetryAt, now))
    .orderBy(asc(einvoiceInbox.answerRetryAt))
    .limit(ANSWER_BATCH);
  let sent = 0;
  for (const { id, userId } of due) if (await sendAnswer(db, platform, { userId, id, logger }, now)) sent++;
  return sent;
}
