import { webhookEventLabels } from "@shared/schemas/public-api";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, automations, type webhookDeliveries } from "../../db/schema/index";

type Outcome = {
  automationId: string;
  delivery: typeof webhookDeliveries.$inferSelect;
  targetUrl: string;
  /** The HTTP status answered, null when the connection failed or timed out. */
  status: number | null;
  error: string | null;
  isLastTry: boolean;
  now: Date;
};

/**
 * A webhook rule's run log: one run per delivery (period `delivery:<id>`), written by the delivery job in
 * the transaction that records each try, so the page shows what the REST hooks' queue did. A run stays « En
 * cours » while tries remain; after the last failed one the rule is paused like its hook, and the user
 * resumes it once the target is fixed.
 */
export async function logWebhookRun(
  tx: Db,
  { automationId, delivery, targetUrl, status, error, isLastTry, now }: Outcome,
): Promise<void> {
  const what = `« ${webhookEventLabels[delivery.event]} » (${delivery.event})`;
  const run =
    error === null
      ? { status: "succeeded" as const, summary: `${what} livré à ${targetUrl} (HTTP ${status})` }
      : isLastTry
        ? {
            status: "failed" as const,
            summary: `${what} non livré à ${targetUrl} après ${delivery.attempts} essais : règle mise en pause`,
          }
        : {
            status: "running" as const,
            summary: `${what} non livré à ${targetUrl} (essai ${delivery.attempts}), nouvel essai prévu`,
          };
  const isDone = run.status !== "running";
  await tx
    .insert(automationRuns)
    .values({
      userId: delivery.userId,
      automationId,
      period: `delivery:${delivery.id}`,
      startedAt: now,
      finishedAt: isDone ? now : null,
      error,
      ...run,
    })
    .onConflictDoUpdate({
      target: [automationRuns.automationId, automationRuns.period],
      set: { ...run, error, finishedAt: isDone ? now : null },
    });
  await tx
    .update(automations)
    .set({
      // A delivery counts once, at its first try.
      ...(delivery.attempts === 1 ? { runCount: sql`${automations.runCount} + 1` } : {}),
      lastRunAt: now,
      lastError: error,
      ...(error !== null && isLastTry ? { isActive: false } : {}),
    })
    .where(eq(automations.id, automationId));
}
