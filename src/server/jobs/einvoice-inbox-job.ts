import { asc, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { businessIdentities, einvoiceInbox } from "../db/schema/index";
import type { Logger } from "../logger";
import { pullInbox, sendAnswer } from "../modules/einvoicing/einvoicing.service";
import type { EinvoicingPlatform } from "../modules/einvoicing/platform";
import { forEachConcurrently, placeInUserQueue } from "./fair-queue";

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
/** One user's answers in a batch at most: a user whose platform keeps failing does not fill the batch. */
const ANSWERS_PER_USER = 2;
/** Answers sent at once (each waits on the platform). */
const ANSWER_CONCURRENCY = 4;
/** A run stops taking new batches after this, so the rest of the minute's jobs still run. */
const ANSWER_RUN_BUDGET_MS = 20_000;

/**
 * Answers to received invoices (approuvée, refusée) whose try is due: a first one the platform did not take
 * when the user decided, then its retries. Taken round-robin across users (each one's oldest first, at most
 * ANSWERS_PER_USER of one user's per batch), a few at a time, batch after batch until none is due. Each
 * try leases its row (sendAnswer), so two instances never send one answer twice. Returns how many went
 * through.
 */
export async function sendDueAnswers(
  { db, platform, logger }: { db: Db; platform: EinvoicingPlatform; logger: Logger },
  now = new Date(),
): Promise<number> {
  const startedAt = Date.now();
  let sent = 0;
  while (Date.now() - startedAt < ANSWER_RUN_BUDGET_MS) {
    const ranked = db
      .select({
        id: einvoiceInbox.id,
        userId: einvoiceInbox.userId,
        retryAt: einvoiceInbox.answerRetryAt,
        place: placeInUserQueue(einvoiceInbox.userId, [einvoiceInbox.answerRetryAt, einvoiceInbox.id]).as(
          "place",
        ),
      })
      .from(einvoiceInbox)
      .where(lte(einvoiceInbox.answerRetryAt, now))
      .as("ranked");
    const due = await db
      .select({ id: ranked.id, userId: ranked.userId })
      .from(ranked)
      .where(lte(ranked.place, ANSWERS_PER_USER))
      .orderBy(asc(ranked.place), asc(ranked.retryAt), asc(ranked.id))
      .limit(ANSWER_BATCH);
    if (due.length === 0) break;
    let failed = 0;
    await forEachConcurrently(
      due,
      ANSWER_CONCURRENCY,
      async ({ id, userId }) => {
        if (await sendAnswer(db, platform, { userId, id, logger }, now)) sent++;
      },
      (error, { id }) => {
        failed++;
        logger.error({ err: error, inboxId: id }, "answer to the platform not recorded");
      },
    );
    // Nothing could even be claimed (the database is failing): the next run tries again.
    if (failed === due.length) break;
  }
  return sent;
}
