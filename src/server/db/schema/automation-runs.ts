import { index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { automations } from "./automations";
import { checkIn, tstz } from "./columns";
import { invoices } from "./invoices";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

export const automationRunStatuses = ["running", "succeeded", "failed"] as const;
export type AutomationRunStatus = (typeof automationRunStatuses)[number];

/**
 * One run of an automation rule: the run log the Automatisations page shows. The row is inserted before
 * the work, and `(automation_id, period)` is unique, so a period (a recurring invoice's date, or the
 * record an event rule acts on: "client:<id>", "quote:<id>"…) runs once, whichever instance ticks.
 */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    automationId: uuid("automation_id").notNull(),
    period: text("period").notNull(),
    status: text("status", { enum: automationRunStatuses }).notNull().default("running"),
    startedAt: tstz("started_at").notNull().defaultNow(),
    finishedAt: tstz("finished_at"),
    /** What the run did, in French, as the page shows it. */
    summary: text("summary"),
    /** Why it failed, or what went wrong after the work was done (an e-mail that did not leave). */
    error: text("error"),
    /** The invoice a recurring rule generated. */
    invoiceId: uuid("invoice_id"),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("automation_runs_status_check", t.status, automationRunStatuses),
    unique("automation_runs_automation_id_period_key").on(t.automationId, t.period),
    tenantReference("automation_runs_automation_fk", [t.automationId, t.userId], automations, "cascade"),
    tenantReference("automation_runs_invoice_fk", [t.invoiceId, t.userId], invoices, "set null"),
    index("automation_runs_user_id_started_at_idx").on(t.userId, t.startedAt),
  ],
).enableRLS();
