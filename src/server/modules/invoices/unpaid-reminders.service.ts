import { parisToday } from "@shared/domain/dates";
import { reminderSchedule } from "@shared/domain/reminders";
import { amountDueCents } from "@shared/domain/totals";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients, invoiceReminders, invoices } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";

/** Which of the user's issued invoices « les relances » are for: all of those still owed, or the late ones. */
export type UnpaidScope = "impayées" | "en-retard";

/** One invoice's part of the plan. */
export type PlannedInvoiceReminders = {
  invoiceNumber: string;
  clientName: string;
  /** A late invoice is reminded now (sent by the next job run), an invoice not yet due 7 / 3 / 0 days before. */
  kind: "relance" | "rappels";
  days: string[];
};

export type UnpaidRemindersPlan = {
  planned: PlannedInvoiceReminders[];
  /** Invoices whose client has no e-mail address: nothing can be sent to them. */
  withoutEmail: string[];
  /** Invoices already reminded today or whose reminders are all planned already. */
  alreadyPlanned: string[];
};

const DAY_MS = 86_400_000;
const daysLate = (dueDate: string, today: string) =>
  Math.round((Date.parse(today) - Date.parse(dueDate)) / DAY_MS);

/**
 * The reminders of every invoice still owed (issue 27: « prépare les relances des impayées »). An invoice not
 * yet due gets its missing 7 / 3 / 0-day reminders; a late one gets a relance today, which the job loop
 * e-mails like the automation's relances (one per invoice and day: its `days_before_due` is minus the days
 * late). `apply: false` says what would be done without writing, for the assistant's proposal.
 */
export async function planUnpaidReminders(
  db: Db,
  {
    userId,
    scope,
    apply,
    now = new Date(),
  }: { userId: string; scope: UnpaidScope; apply: boolean; now?: Date },
): Promise<UnpaidRemindersPlan> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const owed = await tx
      .select({ invoice: invoices, clientEmail: clients.email })
      .from(invoices)
      .leftJoin(clients, eq(clients.id, invoices.clientId))
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.kind, "facture"),
          // Late by its due date, even before the minute's job has marked it so.
          inArray(invoices.status, ["en-attente", "en-retard"]),
          isNotNull(invoices.dueDate),
        ),
      )
      .orderBy(invoices.dueDate)
      .for("update", { of: invoices });
    const stillOwed = owed.filter(
      ({ invoice }) =>
        amountDueCents(invoice) > 0 && (scope === "impayées" || (invoice.dueDate ?? today) < today),
    );
    const existing = stillOwed.length
      ? await tx
          .select({ invoiceId: invoiceReminders.invoiceId, daysBeforeDue: invoiceReminders.daysBeforeDue })
          .from(invoiceReminders)
          .where(
            and(
              eq(invoiceReminders.userId, userId),
              inArray(
                invoiceReminders.invoiceId,
                stillOwed.map(({ invoice }) => invoice.id),
              ),
              ne(invoiceReminders.status, "cancelled"),
            ),
          )
      : [];
    const plan: UnpaidRemindersPlan = { planned: [], withoutEmail: [], alreadyPlanned: [] };
    const rows: (typeof invoiceReminders.$inferInsert)[] = [];
    for (const { invoice, clientEmail } of stillOwed) {
      const number = invoice.invoiceNumber ?? "";
      const dueDate = invoice.dueDate ?? today;
      if (!clientEmail) {
        plan.withoutEmail.push(number);
        continue;
      }
      const taken = new Set(
        existing.filter((row) => row.invoiceId === invoice.id).map((row) => row.daysBeforeDue),
      );
      const isLate = dueDate < today;
      const schedule = isLate
        ? [{ daysBeforeDue: -daysLate(dueDate, today), on: today }]
        : reminderSchedule(dueDate, today);
      const missing = schedule.filter((reminder) => !taken.has(reminder.daysBeforeDue));
      if (missing.length === 0) {
        plan.alreadyPlanned.push(number);
        continue;
      }
      plan.planned.push({
        invoiceNumber: number,
        clientName: invoice.clientName,
        kind: isLate ? "relance" : "rappels",
        days: missing.map((reminder) => reminder.on),
      });
      for (const reminder of missing)
        rows.push({
          userId,
          invoiceId: invoice.id,
          daysBeforeDue: reminder.daysBeforeDue,
          scheduledFor: reminder.on,
        });
    }
    if (apply && rows.length) await tx.insert(invoiceReminders).values(rows).onConflictDoNothing();
    return plan;
  });
}
