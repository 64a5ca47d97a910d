import { parisToday } from "@shared/domain/dates";
import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { clients, invoiceReminders, invoices } from "../db/schema/index";
import { type Tx, withTenant } from "../db/tenant";
import type { Mailer } from "../email/mailer";
import { invoiceReminderEmail } from "../email/templates/invoice-reminder";
import type { Logger } from "../logger";
import { toDto as toInvoiceDto } from "../modules/invoices/invoices.service";
import { emitEvents } from "../modules/public-api/events";
import { placeInUserQueue } from "./fair-queue";

// Jobs run as the owner role, across users: they are the server's own work, not a tenant's request.

/** Invoices marked per transaction: a backlog (the server was down, a large import) is worked in slices. */
const OVERDUE_BATCH = 500;

/**
 * Issued invoices past their due date become en-retard (they also read so before the job runs): every
 * user's for the job, or one user's, inside their tenant, when they ask for it (autonomous-ai-execute).
 * Each slice is its own short transaction that locks only the rows it marks (others' locked rows are left
 * for the next run), so a backlog of many thousands neither holds them all in memory nor blocks their
 * owners' edits until the end.
 */
export async function markOverdueInvoices(
  db: Db,
  now = new Date(),
  userId?: string,
  batchSize = OVERDUE_BATCH,
): Promise<number> {
  const today = parisToday(now);
  const sliceSize = Math.max(1, batchSize);
  const due = and(
    eq(invoices.status, "en-attente"),
    lt(invoices.dueDate, today),
    userId ? eq(invoices.userId, userId) : undefined,
  );
  const markSlice = async (tx: Db | Tx) => {
    const slice = tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(due)
      .limit(sliceSize)
      .for("update", { skipLocked: true });
    const rows = await tx
      .update(invoices)
      .set({ status: "en-retard" })
      .where(inArray(invoices.id, slice))
      .returning();
    const occurrences = rows.map((row) => ({ userId: row.userId, data: toInvoiceDto(row, [], today) }));
    await emitEvents(tx, "invoice.overdue", occurrences);
    return rows.length;
  };
  let marked = 0;
  for (;;) {
    const count = userId ? await withTenant(db, userId, markSlice) : await db.transaction(markSlice);
    marked += count;
    if (count < sliceSize) return marked;
  }
}

/** Invoices whose due reminders one run takes (up to six rows each after a downtime: J-7 to J+30). */
const CLAIM_BATCH = 20;
/** One user's invoices in a batch at most, so that one user's backlog of relances does not fill it. */
const REMINDER_INVOICES_PER_USER = 5;

type ClaimedReminder = {
  reminderId: string;
  to: string;
  userId: string;
  email: ReturnType<typeof invoiceReminderEmail>;
};

/**
 * Sends the payment reminders that are due. Rows are claimed with FOR UPDATE SKIP LOCKED and marked in a
 * short transaction, so several server instances share the work without sending twice; e-mails go out
 * after the commit (the mailer writes its own outbox row), and a failed one goes back to pending. When
 * several reminders of one invoice are due at once (the server was down), only the latest is sent. A run
 * takes CLAIM_BATCH invoices, at most REMINDER_INVOICES_PER_USER of one user's (fair-queue.ts).
 */
export async function sendDueReminders(
  { db, mailer, logger }: { db: Db; mailer: Mailer; logger: Logger },
  now = new Date(),
): Promise<{ sent: number; skipped: number }> {
  const today = parisToday(now);
  const { toSend, skipped } = await db.transaction(async (tx) => {
    const isDue = and(eq(invoiceReminders.status, "pending"), lte(invoiceReminders.scheduledFor, today));
    // Round-robin across users, by invoice (an invoice's due reminders go together: only its latest is
    // sent): each user's place for an invoice, then the batch's slots, every user's first invoices before
    // anyone's next ones.
    const placed = tx
      .select({
        id: invoiceReminders.id,
        invoiceId: invoiceReminders.invoiceId,
        place: placeInUserQueue(invoices.userId, [invoiceReminders.invoiceId], { dense: true }).as("place"),
      })
      .from(invoiceReminders)
      .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
      .where(isDue)
      .as("placed");
    const slotted = tx
      .select({
        id: placed.id,
        slot: sql<number>`dense_rank() over (order by ${placed.place}, ${placed.invoiceId})`
          .mapWith(Number)
          .as("slot"),
      })
      .from(placed)
      .where(lte(placed.place, REMINDER_INVOICES_PER_USER))
      .as("slotted");
    const due = await tx
      .select({ reminder: invoiceReminders, invoice: invoices, clientEmail: clients.email })
      .from(invoiceReminders)
      .innerJoin(slotted, eq(slotted.id, invoiceReminders.id))
      .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
      .leftJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(isDue, lte(slotted.slot, CLAIM_BATCH)))
      .orderBy(asc(slotted.slot), asc(invoiceReminders.daysBeforeDue))
      .for("update", { of: invoiceReminders, skipLocked: true });

    const claimed: ClaimedReminder[] = [];
    let skippedCount = 0;
    const handled = new Set<string>();
    for (const { reminder, invoice, clientEmail } of due) {
      const isOpen = invoice.status === "en-attente" || invoice.status === "en-retard";
      const reason = !isOpen
        ? "Facture réglée ou annulée"
        : handled.has(invoice.id)
          ? "Remplacé par un rappel plus récent"
          : !clientEmail || !invoice.invoiceNumber || !invoice.dueDate
            ? "Le client n'a pas d'adresse e-mail"
            : null;
      handled.add(invoice.id);
      await tx
        .update(invoiceReminders)
        .set({ status: reason ? "cancelled" : "sent", error: reason, sentAt: reason ? null : now })
        .where(eq(invoiceReminders.id, reminder.id));
      if (reason || !clientEmail || !invoice.invoiceNumber || !invoice.dueDate) {
        skippedCount++;
        continue;
      }
      claimed.push({
        reminderId: reminder.id,
        to: clientEmail,
        userId: invoice.userId,
        email: invoiceReminderEmail({
          clientName: invoice.buyer?.contactName ?? invoice.clientName,
          sellerName: invoice.seller?.companyName ?? invoice.seller?.legalName ?? "",
          invoiceNumber: invoice.invoiceNumber,
          dueDate: invoice.dueDate,
          remainingCents: invoice.totalCents - invoice.paidCents,
          daysBeforeDue: reminder.daysBeforeDue,
          isOverdue: invoice.dueDate < today,
          iban: invoice.seller?.iban ?? null,
        }),
      });
    }
    return { toSend: claimed, skipped: skippedCount };
  });

  let sent = 0;
  for (const reminder of toSend) {
    try {
      await mailer.send({ to: reminder.to, userId: reminder.userId, ...reminder.email });
      sent++;
    } catch (error) {
      logger.warn(
        { err: error, reminderId: reminder.reminderId },
        "reminder e-mail failed; retried next run",
      );
      await db
        .update(invoiceReminders)
        .set({
          status: "pending",
          sentAt: null,
          error: (error as Error).message,
          attempts: sql`${invoiceReminders.attempts} + 1`,
        })
        .where(eq(invoiceReminders.id, reminder.reminderId));
    }
  }
  return { sent, skipped };
}
