import { isWeeklySummaryRule, nextWeeklySummaryAt, runsAutomatically } from "@shared/domain/automations";
import {
  type AutomationDto,
  type AutomationsDto,
  describeAutomationAction,
  describeTrigger,
  type UpdateAutomationInput,
} from "@shared/schemas/automations";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automations } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";

export const AUTOMATION_NOT_FOUND = "Automatisation introuvable.";
const automationNotFound = () => new AppError("not_found", AUTOMATION_NOT_FOUND);

type AutomationRow = typeof automations.$inferSelect;

function toDto(row: AutomationRow): AutomationDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    trigger: describeTrigger(row.trigger),
    action: describeAutomationAction(row.action),
    isActive: row.isActive,
    runsAutomatically: runsAutomatically(row.trigger, row.action),
    runCount: row.runCount,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.isActive ? (row.nextRunAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const own = (userId: string, id: string) => and(eq(automations.id, id), eq(automations.userId, userId));

/** The user's rules, newest first (a user has a handful: no paging). */
export async function listAutomations(db: Db, { userId }: { userId: string }): Promise<AutomationsDto> {
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(automations)
      .where(eq(automations.userId, userId))
      .orderBy(desc(automations.createdAt), desc(automations.id)),
  );
  return { items: rows.map(toDto) };
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
        }
      : {};
    const [updated] = await tx
      .update(automations)
      .set({ isActive: input.isActive, ...resumed })
      .where(own(userId, id))
      .returning();
    return updated ?? current;
  });
  return toDto(row);
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
