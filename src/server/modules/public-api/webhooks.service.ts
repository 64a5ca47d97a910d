import { randomBytes } from "node:crypto";
import {
  type CreatedHookDto,
  type CreateHookInput,
  HOOK_LIMIT_REACHED,
  MAX_HOOKS_PER_USER,
  type WebhookList,
} from "@shared/schemas/public-api";
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lte, sql } from "drizzle-orm";
import { lockKey } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { assertReachableTarget, type TargetPolicy } from "./target-url";

/** How many deliveries of each hook the Intégrations page shows. */
const RECENT_DELIVERIES = 10;

const hookNotFound = () => new AppError("not_found", "Abonnement (hook) introuvable.");
const deliveryNotFound = () => new AppError("not_found", "Livraison introuvable.");

/** The secret that signs a hook's deliveries (a REST hook's, or a webhook automation's). */
export const newHookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * Refuses a new hook once the user holds MAX_HOOKS_PER_USER (409), in the transaction that inserts it. The
 * count is taken under a lock on the user's key, so parallel subscribes, from any instance, cannot all pass
 * a count taken before any of them was written.
 */
export async function assertRoomForHook(tx: Tx, userId: string): Promise<void> {
  await lockKey(tx, `hooks:${userId}`);
  const [held] = await tx
    .select({ count: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.userId, userId));
  if ((held?.count ?? 0) >= MAX_HOOKS_PER_USER) throw new AppError("conflict", HOOK_LIMIT_REACHED);
}

/** REST hooks' subscribe: the secret that signs its deliveries is returned once, here. */
export async function createHook(
  db: Db,
  { userId, input, targets }: { userId: string; input: CreateHookInput; targets: TargetPolicy },
): Promise<CreatedHookDto> {
  await assertReachableTarget(input.target_url, targets);
  const [row] = await withTenant(db, userId, async (tx) => {
    await assertRoomForHook(tx, userId);
    return tx
      .insert(webhookSubscriptions)
      .values({
        userId,
        targetUrl: input.target_url,
        event: input.event,
        secret: newHookSecret(),
      })
      .returning();
  });
  if (!row) throw new Error("insert into webhook_subscriptions returned no row");
  return { id: row.id, secret: row.secret, target_url: row.targetUrl, event: row.event };
}

/** Unsubscribe; its queued deliveries go with it. Another user's hook is a 404 like an unknown one. */
export async function deleteHook(db: Db, { userId, hookId }: { userId: string; hookId: string }) {
  const deleted = await withTenant(db, userId, (tx) =>
    tx
      .delete(webhookSubscriptions)
      .where(
        and(
          eq(webhookSubscriptions.id, hookId),
          eq(webhookSubscriptions.userId, userId),
          isNull(webhookSubscriptions.automationId),
        ),
      )
      .returning({ id: webhookSubscriptions.id }),
  );
  if (deleted.length === 0) throw hookNotFound();
}

/**
 * The user's hooks, newest first, each with its latest deliveries, and how many of MAX_HOOKS_PER_USER the
 * user holds (a webhook automation's hook counts, though it is listed on the Automatisations page).
 */
export async function listHooks(db: Db, { userId }: { userId: string }): Promise<WebhookList> {
  return withTenant(db, userId, async (tx) => {
    const all = await tx
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.userId, userId))
      .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id));
    const usage = { count: all.length, limit: MAX_HOOKS_PER_USER };
    // A webhook automation's own hook is shown and managed on the Automatisations page.
    const hooks = all.filter((hook) => hook.automationId === null);
    if (hooks.length === 0) return { items: [], usage };
    // The latest deliveries of every hook in one statement (a window over each hook's own).
    const ranked = tx
      .select({
        ...getTableColumns(webhookDeliveries),
        rank: sql<number>`row_number() over (partition by ${webhookDeliveries.subscriptionId} order by ${webhookDeliveries.createdAt} desc, ${webhookDeliveries.id} desc)`
          .mapWith(Number)
          .as("rank"),
      })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.userId, userId),
          inArray(
            webhookDeliveries.subscriptionId,
            hooks.map((hook) => hook.id),
          ),
        ),
      )
      .as("ranked");
    const recent = await tx
      .select()
      .from(ranked)
      .where(lte(ranked.rank, RECENT_DELIVERIES))
      .orderBy(asc(ranked.rank));
    const items = hooks.map((hook) => ({
      id: hook.id,
      targetUrl: hook.targetUrl,
      event: hook.event,
      pausedAt: hook.pausedAt?.toISOString() ?? null,
      createdAt: hook.createdAt.toISOString(),
      deliveries: recent
        .filter((delivery) => delivery.subscriptionId === hook.id)
        .map((delivery) => ({
          id: delivery.id,
          eventId: delivery.eventId,
          event: delivery.event,
          status: delivery.status,
          attempts: delivery.attempts,
          responseStatus: delivery.responseStatus,
          lastError: delivery.lastError,
          lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
          nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
          createdAt: delivery.createdAt.toISOString(),
        })),
    }));
    return { items, usage };
  });
}

/**
 * "Renvoyer": the delivery goes again at the next run, with a fresh set of tries and the same event id. The
 * user asking is also the signal that the target is fixed, so a paused hook resumes.
 */
export async function redeliver(
  db: Db,
  { userId, deliveryId, now = new Date() }: { userId: string; deliveryId: string; now?: Date },
) {
  await withTenant(db, userId, async (tx) => {
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, userId)))
      .returning({ subscriptionId: webhookDeliveries.subscriptionId });
    if (!delivery) throw deliveryNotFound();
    await tx
      .update(webhookSubscriptions)
      .set({ pausedAt: null })
      .where(
        and(eq(webhookSubscriptions.id, delivery.subscriptionId), eq(webhookSubscriptions.userId, userId)),
      );
  });
}
