import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../../db/schema/index";
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
const CLAIM_BATCH = 10;

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

/** Takes due deliveries of active hooks (FOR UPDATE SKIP LOCKED), counts the try and leases them. */
export async function claimDueDeliveries(db: Db, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        delivery: webhookDeliveries,
        targetUrl: webhookSubscriptions.targetUrl,
        secret: webhookSubscriptions.secret,
        automationId: webhookSubscriptions.automationId,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lte(webhookDeliveries.nextAttemptAt, now),
          isNull(webhookSubscriptions.pausedAt),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(CLAIM_BATCH)
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

/**
 * The job: sends the due deliveries, then records each outcome. A 2xx is delivered; anything else waits
 * for its next try, or, after the last one, fails and pauses its hook. The queue is the table, so a restart
 * loses nothing: a delivery claimed by an instance that stopped is due again when its lease ends.
 */
export async function deliverWebhooks(
  { db, logger, send }: { db: Db; logger: Logger; send: HookSender },
  now = new Date(),
): Promise<number> {
  const claimed = await claimDueDeliveries(db, now);
  await Promise.all(
    claimed.map(async (item) => {
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
    }),
  );
  return claimed.length;
}
