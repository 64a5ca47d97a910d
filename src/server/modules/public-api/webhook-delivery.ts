import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../../db/schema/index";
import { placeInUserQueue } from "../../jobs/fair-queue";
import type { Logger } from "../../logger";
import { logWebhookRun } from "../automations/webhook-rules";
import { guardedLookup, isLiteralTargetAllowed, type TargetPolicy } from "./target-url";

/**
 * Waits before each retry (issue 14 §2: first retry within 30 s, at least 6 tries over a day): 7 tries over
 * about 17 hours. A delivery that fails them all pauses its hook (the user is told in the bell).
 */
export const RETRY_DELAYS_S = [15, 2 * 60, 15 * 60, 60 * 60, 4 * 60 * 60, 12 * 60 * 60] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * A claimed delivery is not due again before this: longer than a try can last, so two instances never send
 * it at once, and short enough that one claimed by an instance that died is retried soon after.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries one process sends at once (each waits on a receiver for up to DELIVERY_TIMEOUT_MS). */
export const DELIVERY_CONCURRENCY = 16;
/**
 * Of those, one user's at most: a user whose receivers are slow or whose backlog is long takes a quarter
 * of the slots, the others keep theirs.
 */
export const PER_USER_IN_FLIGHT = 4;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, Stripe's scheme. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

export type HookRequest = { headers: Record<string, string>; body: string };
/** Resolves with the HTTP status, rejects on a network error or a timeout. */
export type HookSender = (target: string, request: HookRequest) => Promise<number>;

/**
 * POSTs with node:http so the connection's DNS lookup can be checked (guardedLookup, in every mode: the
 * policy only decides whether loopback is allowed); redirects are not followed (a 3xx is a failure), and the
 * whole exchange is bounded by DELIVERY_TIMEOUT_MS.
 */
export function httpSender(policy: TargetPolicy): HookSender {
  const lookup = guardedLookup(policy);
  return (target, { headers, body }) =>
    new Promise((resolve, reject) => {
      const url = new URL(target);
      if (!isLiteralTargetAllowed(url, policy))
        return reject(new Error("adresse de destination locale, privée ou réservée refusée"));
      const request = (url.protocol === "https:" ? https : http).request(url, {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        lookup,
      });
      request.on("response", (response) => {
        // The answer's body is not kept: drain it so the socket is released.
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(body);
    });
}

type Claimed = {
  delivery: typeof webhookDeliveries.$inferSelect;
  targetUrl: string;
  secret: string;
  /** Set when the hook is a webhook automation's: each try is written to its run log. */
  automationId: string | null;
};

export type ClaimOptions = {
  /** Rows to take at most: the sending slots this process has free. */
  limit?: number;
  /** One user's deliveries in flight at most, those this process is already sending included. */
  perUser?: number;
  /** Deliveries this process is sending now, by user. */
  inFlight?: ReadonlyMap<string, number>;
};

/**
 * Takes due deliveries of active hooks round-robin across users: each user's oldest first, then each
 * user's second oldest, and never more of one user's than `perUser` minus those already in flight here.
 * The ranking is a window over the due rows; the rows themselves are locked FOR UPDATE SKIP LOCKED, and
 * the due condition is repeated on them so that a row another instance claimed meanwhile is re-checked
 * and dropped. The try is counted and the row leased in the same transaction.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  { limit = DELIVERY_CONCURRENCY, perUser = PER_USER_IN_FLIGHT, inFlight = new Map() }: ClaimOptions = {},
): Promise<Claimed[]> {
  if (limit <= 0) return [];
  return db.transaction(async (tx) => {
    const isDue = and(
      eq(webhookDeliveries.status, "pending"),
      lte(webhookDeliveries.nextAttemptAt, now),
      isNull(webhookSubscriptions.pausedAt),
    );
    const ranked = tx
      .select({
        id: webhookDeliveries.id,
        rank: placeInUserQueue(webhookDeliveries.userId, [
          webhookDeliveries.nextAttemptAt,
          webhookDeliveries.id,
        ]).as("rank"),
      })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(isDue)
      .as("ranked");
    const busy = JSON.stringify(Object.fromEntries(inFlight));
    const due = await tx
      .select({
        delivery: webhookDeliveries,
        targetUrl: webhookSubscriptions.targetUrl,
        secret: webhookSubscriptions.secret,
        automationId: webhookSubscriptions.automationId,
      })
      .from(webhookDeliveries)
      .innerJoin(ranked, eq(ranked.id, webhookDeliveries.id))
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(
        and(
          isDue,
          sql`${ranked.rank} + coalesce((${busy}::jsonb ->> ${webhookDeliveries.userId})::int, 0) <= ${perUser}`,
        ),
      )
      .orderBy(asc(ranked.rank), asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(limit)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map(({ delivery }) => delivery.id),
        ),
      );
    return due.map((claimed) => ({
      ...claimed,
      delivery: { ...claimed.delivery, attempts: claimed.delivery.attempts + 1 },
    }));
  });
}

/** The body a hook receives: the event's own id, so a retry is recognisable as the same event. */
export function payloadOf(delivery: Claimed["delivery"]): string {
  return JSON.stringify({
    id: delivery.eventId,
    event: delivery.event,
    created_at: delivery.eventCreatedAt.toISOString(),
    data: delivery.data,
  });
}

async function attempt(send: HookSender, { delivery, targetUrl, secret }: Claimed, now: Date) {
  const body = payloadOf(delivery);
  try {
    const status = await send(targetUrl, {
      body,
      headers: {
        "content-type": "application/json",
        "user-agent": "Ardoise-Webhooks/1",
        "ardoise-event": delivery.event,
        "ardoise-delivery": delivery.id,
        "ardoise-signature": signatureHeader(secret, body, now),
      },
    });
    return { status, error: status >= 200 && status < 300 ? null : `Réponse HTTP ${status}` };
  } catch (error) {
    const isTimeout = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    return {
      status: null,
      error: isTimeout
        ? "Délai de réponse dépassé (10 s)"
        : `Échec de connexion : ${(error as Error).message}`,
    };
  }
}

/** Sends one claimed delivery and records its outcome (delivered, next try, or failed and hook paused). */
async function deliverOne(
  { db, logger, send }: { db: Db; logger: Logger; send: HookSender },
  item: Claimed,
  now: Date,
) {
  const { status, error } = await attempt(send, item, now);
  const { delivery } = item;
  const isLastTry = delivery.attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_S[delivery.attempts - 1] ?? 0;
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set(
        error === null
          ? { status: "delivered", deliveredAt: now, responseStatus: status, lastError: null }
          : {
              status: isLastTry ? "failed" : "pending",
              responseStatus: status,
              lastError: error,
              nextAttemptAt: new Date(now.getTime() + delay * 1000),
            },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
    if (error !== null && isLastTry) {
      await tx
        .update(webhookSubscriptions)
        .set({ pausedAt: now })
        .where(eq(webhookSubscriptions.id, delivery.subscriptionId));
      logger.warn({ subscriptionId: delivery.subscriptionId }, "webhook paused after repeated failures");
    }
    if (item.automationId)
      await logWebhookRun(tx, {
        ...item,
        automationId: item.automationId,
        status,
        error,
        isLastTry,
        now,
      });
  });
}

/**
 * The job: sends every due delivery, DELIVERY_CONCURRENCY at a time, at most PER_USER_IN_FLIGHT of one
 * user's, claiming again as soon as a slot is free, until nothing is due (issue 26: one user's backlog
 * behind one shared FIFO at ten per beat delayed everyone's). A 2xx is delivered; anything else waits for
 * its next try, or, after the last one, fails and pauses its hook. The queue is the table, so a restart
 * loses nothing: a delivery claimed by an instance that stopped is due again when its lease ends.
 * `at` fixes the clock (tests); otherwise each claim reads the time. Resolves with how many were tried.
 */
export async function deliverWebhooks(
  {
    db,
    logger,
    send,
    concurrency = DELIVERY_CONCURRENCY,
    perUser = PER_USER_IN_FLIGHT,
  }: { db: Db; logger: Logger; send: HookSender; concurrency?: number; perUser?: number },
  at?: Date,
): Promise<number> {
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let tried = 0;
  for (;;) {
    const now = at ?? new Date();
    const claimed = await claimDueDeliveries(db, now, {
      limit: concurrency - running.size,
      perUser,
      inFlight,
    });
    tried += claimed.length;
    for (const item of claimed) {
      const { userId } = item.delivery;
      inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
      const task: Promise<void> = deliverOne({ db, logger, send }, item, now)
        .catch((error: unknown) =>
          // The row stays leased: it is tried again when the lease ends.
          logger.error({ err: error, deliveryId: item.delivery.id }, "webhook outcome not recorded"),
        )
        .finally(() => {
          running.delete(task);
          const left = (inFlight.get(userId) ?? 1) - 1;
          if (left > 0) inFlight.set(userId, left);
          else inFlight.delete(userId);
        });
      running.add(task);
    }
    if (running.size === 0) return tried;
    // Nothing more to take now (all slots busy, or what is due belongs to users at their limit): wait for
    // a send to end, then look again.
    if (claimed.length === 0 || running.size >= concurrency) await Promise.race(running);
  }
}
