import {
  AUTOMATION_KINDS,
  automationKind,
  isWeeklySummaryRule,
  nextWeeklySummaryAt,
  runsAutomatically,
} from "@shared/domain/automations";
import {
  type AutomationDto,
  type AutomationRunDto,
  type AutomationsDto,
  type CreateAutomationInput,
  type CreatedAutomationDto,
  createAutomationInput,
  describeAutomationAction,
  describeTrigger,
  eventWebhookAction,
  eventWebhookTrigger,
  type RecurringInvoiceAction,
  recurringTrigger,
  type UpdateAutomationInput,
  webhookRuleName,
} from "@shared/schemas/automations";
import { lineInput } from "@shared/schemas/invoices";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { automationRuns, automations, webhookDeliveries, webhookSubscriptions } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { getClient } from "../clients/clients.service";
import { getInvoice } from "../invoices/invoices.service";
import { assertReachableTarget, type TargetPolicy } from "../public-api/target-url";
import { assertRoomForHook, newHookSecret, redeliver } from "../public-api/webhooks.service";
import { nextRecurringRunAt } from "./recurring-invoices";

export const AUTOMATION_NOT_FOUND = "Automatisation introuvable.";
const automationNotFound = () => new AppError("not_found", AUTOMATION_NOT_FOUND);

type AutomationRow = typeof automations.$inferSelect;
type RunRow = typeof automationRuns.$inferSelect;

/** The run log the page shows under each rule: its latest runs. */
const RUNS_PER_RULE = 12;
/** A webhook rule's run is one delivery of its hook (logWebhookRun). */
const DELIVERY_PERIOD = "delivery:";

function runDto(run: RunRow): AutomationRunDto {
  return {
    id: run.id,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    summary: run.summary,
    error: run.error,
    invoiceId: run.invoiceId,
    deliveryId: run.period.startsWith(DELIVERY_PERIOD) ? run.period.slice(DELIVERY_PERIOD.length) : null,
  };
}

/**
 * The rule's settings as the create input that would make it again (the edit form's starting point), read
 * back through the same schema so defaults apply; null for a kind that does not run.
 */
function settingsOf({ trigger, action }: AutomationRow): CreateAutomationInput | null {
  const kind = automationKind(trigger, action);
  if (kind === null) return null;
  const candidate =
    kind === "recurring_invoice"
      ? { ...trigger, ...action, endDate: trigger.endDate ?? undefined }
      : kind === "event_webhook"
        ? { event: trigger.event, targetUrl: action.targetUrl }
        : { daysBefore: trigger.daysBefore };
  const parsed = createAutomationInput.safeParse({ ...candidate, kind });
  return parsed.success ? parsed.data : null;
}

function toDto(row: AutomationRow, runs: RunRow[] = []): AutomationDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    trigger: describeTrigger(row.trigger),
    action: describeAutomationAction(row.action, row.trigger),
    isActive: row.isActive,
    runsAutomatically: runsAutomatically(row.trigger, row.action),
    runCount: row.runCount,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.isActive ? (row.nextRunAt?.toISOString() ?? null) : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    runs: runs.map(runDto),
    clientName: typeof row.action.clientName === "string" ? row.action.clientName : null,
    settings: settingsOf(row),
  };
}

const own = (userId: string, id: string) => and(eq(automations.id, id), eq(automations.userId, userId));

/** The user's rules, newest first (a user has a handful: no paging), each with its latest runs. */
export async function listAutomations(db: Db, { userId }: { userId: string }): Promise<AutomationsDto> {
  const { rows, runs } = await withTenant(db, userId, async (tx) => {
    const rows = await tx
      .select()
      .from(automations)
      .where(eq(automations.userId, userId))
      .orderBy(desc(automations.createdAt), desc(automations.id));
    // The latest runs of each rule in one statement (a busy welcome rule must not push the others out).
    const ranked = tx
      .select({
        id: automationRuns.id,
        rank: sql<number>`row_number() over (partition by ${automationRuns.automationId} order by ${automationRuns.startedAt} desc, ${automationRuns.period} desc)`.as(
          "rank",
        ),
      })
      .from(automationRuns)
      .where(eq(automationRuns.userId, userId))
      .as("ranked");
    const latest = tx.select({ id: ranked.id }).from(ranked).where(sql`${ranked.rank} <= ${RUNS_PER_RULE}`);
    const runs = await tx
      .select()
      .from(automationRuns)
      .where(inArray(automationRuns.id, latest))
      .orderBy(desc(automationRuns.startedAt), desc(automationRuns.period));
    return { rows, runs };
  });
  return {
    items: rows.map((row) =>
      toDto(
        row,
        runs.filter((run) => run.automationId === row.id),
      ),
    ),
  };
}

type NewRule = Pick<typeof automations.$inferInsert, "name" | "trigger" | "action" | "nextRunAt">;

type RuleOptions = {
  /** Where a webhook target may point (the REST hooks' SSRF guard, decision 013). */
  targets: TargetPolicy;
  now: Date;
};

/**
 * The stored rule a kind's input makes; its French wording comes from the shared registry. Reads what it
 * needs (client, source invoice, the target's DNS) before any transaction opens.
 */
async function newRule(
  db: Db,
  userId: string,
  input: CreateAutomationInput,
  { targets, now }: RuleOptions,
): Promise<NewRule> {
  const kind = AUTOMATION_KINDS[input.kind];
  if (input.kind === "event_webhook") {
    await assertReachableTarget(input.targetUrl, targets, "targetUrl");
    return {
      name: webhookRuleName(input.event),
      trigger: { type: kind.trigger, event: input.event },
      action: { type: kind.action, targetUrl: input.targetUrl },
      nextRunAt: null,
    };
  }
  if (input.kind === "recurring_invoice") {
    // The template is copied into the rule: each occurrence makes its invoice through the invoices service.
    const client = await getClient(db, { userId, clientId: input.clientId });
    const lines = input.sourceInvoiceId
      ? z.array(lineInput).parse((await getInvoice(db, { userId, id: input.sourceInvoiceId })).lines)
      : input.lines;
    const trigger = recurringTrigger.parse({
      type: kind.trigger,
      frequency: input.frequency,
      dayOfMonth: input.dayOfMonth,
      startDate: input.startDate,
      endDate: input.endDate ?? null,
    });
    const action: RecurringInvoiceAction = {
      type: "create_invoice",
      clientId: client.id,
      clientName: client.name,
      lines,
      delivery: input.delivery,
    };
    // The first occurrence from today on: an earlier start date never invoices the past.
    return {
      name: `${kind.name} ${client.name}`,
      trigger,
      action,
      nextRunAt: nextRecurringRunAt(trigger, now),
    };
  }
  return {
    name: kind.name,
    trigger: { type: kind.trigger, ...("daysBefore" in input ? { daysBefore: input.daysBefore } : {}) },
    action: { type: kind.action },
    nextRunAt: input.kind === "weekly_summary" ? nextWeeklySummaryAt(now) : null,
  };
}

/**
 * The webhook rule's own hook (REST hooks' table, queue and signing), in the rule's transaction: created with
 * the rule, kept in step when it is edited, paused with it.
 */
async function syncRuleHook(tx: Tx, userId: string, rule: AutomationRow): Promise<string | undefined> {
  if (automationKind(rule.trigger, rule.action) !== "event_webhook") return undefined;
  const hook = {
    targetUrl: eventWebhookAction.parse(rule.action).targetUrl,
    event: eventWebhookTrigger.parse(rule.trigger).event,
    pausedAt: rule.isActive ? null : new Date(),
  };
  const [updated] = await tx
    .update(webhookSubscriptions)
    .set(hook)
    .where(and(eq(webhookSubscriptions.automationId, rule.id), eq(webhookSubscriptions.userId, userId)))
    .returning({ id: webhookSubscriptions.id });
  if (updated) return undefined;
  await assertRoomForHook(tx, userId);
  const secret = newHookSecret();
  await tx.insert(webhookSubscriptions).values({ userId, automationId: rule.id, secret, ...hook });
  return secret;
}

/**
 * A new rule from the Automatisations page or the assistant (`description`: the user's own words). A webhook
 * rule answers its signing secret, this once.
 */
export async function createAutomation(
  db: Db,
  {
    userId,
    input,
    description = null,
    targets,
    now = new Date(),
  }: {
    userId: string;
    input: CreateAutomationInput;
    description?: string | null;
    targets: TargetPolicy;
    now?: Date;
  },
): Promise<CreatedAutomationDto> {
  const rule = await newRule(db, userId, input, { targets, now });
  const { row, secret } = await withTenant(db, userId, async (tx) => {
    const [row] = await tx
      .insert(automations)
      .values({ userId, description, activeSince: now, ...rule })
      .returning();
    if (!row) throw new Error("automation insert returned nothing");
    return { row, secret: await syncRuleHook(tx, userId, row) };
  });
  return { ...toDto(row), ...(secret ? { secret } : {}) };
}

/**
 * Edits a rule's settings (same kind). Its run log stays; a recurring rule's periods already run are not run
 * again, and its next occurrence is computed anew.
 */
export async function editAutomation(
  db: Db,
  {
    userId,
    id,
    input,
    targets,
    now = new Date(),
  }: { userId: string; id: string; input: CreateAutomationInput; targets: TargetPolicy; now?: Date },
): Promise<AutomationDto> {
  const rule = await newRule(db, userId, input, { targets, now });
  const row = await withTenant(db, userId, async (tx) => {
    const [current] = await tx.select().from(automations).where(own(userId, id)).for("update");
    if (!current) throw automationNotFound();
    if (automationKind(current.trigger, current.action) !== input.kind)
      throw new AppError(
        "validation_failed",
        "Le type d'une automatisation ne change pas : créez-en une nouvelle et supprimez celle-ci.",
      );
    const [updated] = await tx
      .update(automations)
      .set({ ...rule, nextRunAt: current.isActive ? rule.nextRunAt : current.nextRunAt })
      .where(own(userId, id))
      .returning();
    if (!updated) throw automationNotFound();
    await syncRuleHook(tx, userId, updated);
    return updated;
  });
  return toDto(row);
}

/** A resumed recurring rule invoices from its next occurrence on, not the ones of its pause. */
function resumedRecurrence(rule: AutomationRow, now: Date) {
  const recurrence = recurringTrigger.safeParse(rule.trigger);
  if (automationKind(rule.trigger, rule.action) !== "recurring_invoice" || !recurrence.success) return {};
  return { nextRunAt: nextRecurringRunAt(recurrence.data, now) };
}

/**
 * Pauses or resumes a rule. A resumed rule acts only on what falls due from now on: the overdue relances
 * skip those that fell due during the pause, and a weekly summary waits for the next Monday morning.
 */
export async function updateAutomation(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: UpdateAutomationInput; now?: Date },
): Promise<AutomationDto> {
  const row = await withTenant(db, userId, async (tx) => {
    const [current] = await tx.select().from(automations).where(own(userId, id)).for("update");
    if (!current) throw automationNotFound();
    const isResumed = input.isActive && !current.isActive;
    const resumed = isResumed
      ? {
          activeSince: now,
          ...(isWeeklySummaryRule(current.trigger, current.action)
            ? { nextRunAt: nextWeeklySummaryAt(now) }
            : {}),
          ...resumedRecurrence(current, now),
        }
      : {};
    const [updated] = await tx
      .update(automations)
      .set({ isActive: input.isActive, ...resumed })
      .where(own(userId, id))
      .returning();
    if (!updated) throw automationNotFound();
    // A paused webhook rule's hook is paused too: no event is queued for it meanwhile.
    await syncRuleHook(tx, userId, updated);
    return updated;
  });
  return toDto(row);
}

/**
 * « Renvoyer » on a webhook rule's delivery: the REST hooks' own redelivery (fresh tries, the same event id,
 * the hook resumed), with the rule resumed first through its own path (paused with its hook after the last
 * failed try) and its run shown as running again until the job's next try writes it.
 */
export async function redeliverRuleDelivery(
  db: Db,
  {
    userId,
    id,
    deliveryId,
    now = new Date(),
  }: { userId: string; id: string; deliveryId: string; now?: Date },
): Promise<AutomationDto> {
  const [rule] = await withTenant(db, userId, (tx) =>
    tx
      .select({ isActive: automations.isActive })
      .from(automations)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.automationId, automations.id))
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.subscriptionId, webhookSubscriptions.id))
      .where(and(own(userId, id), eq(webhookDeliveries.id, deliveryId))),
  );
  if (!rule) throw new AppError("not_found", "Livraison introuvable.");
  if (!rule.isActive) await updateAutomation(db, { userId, id, input: { isActive: true }, now });
  await redeliver(db, { userId, deliveryId, now });
  await withTenant(db, userId, (tx) =>
    tx
      .update(automationRuns)
      .set({
        status: "running",
        finishedAt: null,
        summary: "Renvoi demandé : nouvel essai dans quelques secondes",
      })
      .where(
        and(
          eq(automationRuns.automationId, id),
          eq(automationRuns.userId, userId),
          eq(automationRuns.period, `${DELIVERY_PERIOD}${deliveryId}`),
        ),
      ),
  );
  const { items } = await listAutomations(db, { userId });
  const shown = items.find((item) => item.id === id);
  if (!shown) throw automationNotFound();
  return shown;
}

export async function deleteAutomation(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<void> {
  const deleted = await withTenant(db, userId, (tx) =>
    tx.delete(automations).where(own(userId, id)).returning({ id: automations.id }),
  );
  if (deleted.length === 0) throw automationNotFound();
}
