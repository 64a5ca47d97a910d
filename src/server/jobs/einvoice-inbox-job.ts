import { asc, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { businessIdentities, einvoiceInbox, einvoiceOutgoing } from "../db/schema/index";
import type { Logger } from "../logger";
import {
  pullInbox,
  recordLifecycleMessages,
  sendAnswer,
  sendOutgoing,
} from "../modules/einvoicing/einvoicing.service";
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

const OUTGOING_BATCH = 20;

/**
 * Deposits and statuses queued for the platform whose try is due (a first one that failed, then its
 * retries), oldest first, a batch a run. Each try leases its row (sendOutgoing) and a retry asks the
 * platform for the tracking id first, so nothing is sent twice. Returns how many went through.
 */
export async function sendDueOutgoing(
  { db, platform, logger }: { db: Db; platform: EinvoicingPlatform; logger: Logger },
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: einvoiceOutgoing.id, userId: einvoiceOutgoing.userId })
    .from(einvoiceOutgoing)
    .where(lte(einvoiceOutgoing.retryAt, now))
    .orderBy(asc(einvoiceOutgoing.retryAt), asc(einvoiceOutgoing.id))
    .limit(OUTGOING_BATCH);
  let sent = 0;
  for (const { id, userId } of due) if (await sendOutgoing(db, platform, { userId, id, logger }, now)) sent++;
  return sent;
}

/** Statuses are asked again from a little before the last run, so one updated during a run is not missed. */
const LIFECYCLE_OVERLAP_MS = 5 * 60_000;

/**
 * The polling half of the lifecycle (the webhook is the pushed half): the platform's lifecycle messages
 * since the last run are recorded on the invoices they name, once each. The returned poller keeps its
 * cursor in memory; a restart looks one day back, and the unique key absorbs what is seen twice.
 */
export function lifecyclePoller({ db, platform }: { db: Db; platform: EinvoicingPlatform }) {
  let since = new Date(Date.now() - 24 * 3600_000);
  return async (now = new Date()): Promise<number> => {
    if (!platform.lifecycle) return 0;
    const recorded = await recordLifecycleMessages(db, platform.name, await platform.lifecycle(since));
    since = new Date(now.getTime() - LIFECYCLE_OVERLAP_MS);
    return recorded;
  };
}
