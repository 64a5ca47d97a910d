import { addDays, parisToday } from "@shared/domain/dates";
import { amountDueCents } from "@shared/domain/totals";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { NotificationItem, NotificationsDto } from "@shared/schemas/notifications";
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageTotal, totalOf } from "../../db/paging";
import {
  clientCheckoutSessions,
  invoiceReminders,
  invoices,
  quoteDecisions,
  quotes,
  webhookSubscriptions,
} from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { urssafDeadlineNotification } from "../urssaf/urssaf.service";
import { franchiseNotification } from "../urssaf/vat-franchise.service";

const LIST_LIMIT = 20;

/**
 * The bell: issued invoices past their due date, reminders due and not sent, sent quotes expiring within
 * a week, money a client paid online beyond what was due. Counts are exact; the list shows the most urgent first, up to 20.
 */
export async function getNotifications(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<NotificationsDto> {
  // Calendar days in France (the calendar invoices are dated in).
  const today = parisToday(now);
  const inAWeek = addDays(today, 7);
  return withTenant(db, userId, async (tx) => {
    const overdueWhere = and(
      eq(invoices.userId, userId),
      inArray(invoices.status, ["en-attente", "en-retard"]),
      lt(invoices.dueDate, today),
    );
    const remindersWhere = and(
      eq(invoiceReminders.userId, userId),
      eq(invoiceReminders.status, "pending"),
      lte(invoiceReminders.scheduledFor, today),
    );
    const quotesWhere = and(
      eq(quotes.userId, userId),
      eq(quotes.status, "envoyé"),
      between(quotes.validUntil, today, inAWeek),
    );
    // Each list carries its exact count (src/server/db/paging.ts): three statements instead of six.
    const overdueCount = tx.select({ n: count() }).from(invoices).where(overdueWhere);
    const remindersCount = tx.select({ n: count() }).from(invoiceReminders).where(remindersWhere);
    const quotesCount = tx.select({ n: count() }).from(quotes).where(quotesWhere);
    const overdue = await tx
      .select({ ...getTableColumns(invoices), total: totalOf(overdueCount) })
      .from(invoices)
      .where(overdueWhere)
      .orderBy(asc(invoices.dueDate))
      .limit(LIST_LIMIT);
    const reminders = await tx
      .select({
        reminder: invoiceReminders,
        number: invoices.invoiceNumber,
        client: invoices.clientName,
        total: totalOf(remindersCount),
      })
      .from(invoiceReminders)
      .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
      .where(remindersWhere)
      .orderBy(asc(invoiceReminders.scheduledFor))
      .limit(LIST_LIMIT);
    const expiring = await tx
      .select({ ...getTableColumns(quotes), total: totalOf(quotesCount) })
      .from(quotes)
      .where(quotesWhere)
      .orderBy(asc(quotes.validUntil))
      .limit(LIST_LIMIT);
    // A hook paused after failing every try (issue 14 §2): the user must fix its target and resend.
    const pausedHooks = await tx
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.userId, userId), isNotNull(webhookSubscriptions.pausedAt)))
      .limit(LIST_LIMIT);
    // A client's answer through a quote link (issue 14 §1), for a week.
    const decided = await tx
      .select({ decision: quoteDecisions, number: quotes.quoteNumber, client: quotes.clientName })
      .from(quoteDecisions)
      .innerJoin(quotes, eq(quotes.id, quoteDecisions.quoteId))
      .where(
        and(
          eq(quoteDecisions.userId, userId),
          gte(quoteDecisions.decidedAt, new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000)),
        ),
      )
      .orderBy(desc(quoteDecisions.decidedAt))
      .limit(LIST_LIMIT);
    // Money a client paid online beyond what was due (issue 26 §5): to return until settled, refunded for a week.
    const surpluses = await tx
      .select({
        session: clientCheckoutSessions,
        number: invoices.invoiceNumber,
        client: invoices.clientName,
      })
      .from(clientCheckoutSessions)
      .innerJoin(invoices, eq(invoices.id, clientCheckoutSessions.invoiceId))
      .where(
        and(
          eq(clientCheckoutSessions.userId, userId),
          isNotNull(clientCheckoutSessions.surplusCents),
          or(
            inArray(clientCheckoutSessions.refundStatus, ["pending", "to_return"]),
            and(
              eq(clientCheckoutSessions.refundStatus, "refunded"),
              gte(clientCheckoutSessions.refundedAt, new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000)),
            ),
          ),
        ),
      )
      .orderBy(desc(clientCheckoutSessions.paidAt))
      .limit(LIST_LIMIT);
    // A URSSAF declaration due within days (issue 13 §3).
    const urssaf = await urssafDeadlineNotification(tx, { userId, today });
    // The VAT franchise's thresholds and its end (issue 28).
    const franchise = await franchiseNotification(tx, { userId, today });
    const items: NotificationItem[] = [
      ...(franchise ? [franchise] : []),
      ...(urssaf ? [urssaf] : []),
      ...decided.map(({ decision, number, client }) => ({
        id: `quote-decision:${decision.id}`,
        kind: "quote_decided" as const,
        title: `Devis ${number ?? ""} ${decision.decision === "accepted" ? "accepté" : "refusé"}`,
        description: `${client} · ${decision.signerName}${decision.reason ? ` : « ${decision.reason} »` : ""}`,
        href: paths.app.quotes.detail(decision.quoteId),
        date: parisToday(decision.decidedAt),
      })),
      ...surpluses.map(({ session, number, client }) => {
        const amount = formatMoney(session.surplusCents ?? 0);
        const isRefunded = session.refundStatus === "refunded";
        const what = session.appliedCents ? "Paiement en trop" : "Paiement en double";
        return {
          id: `payment-surplus:${session.id}`,
          kind: "payment_surplus" as const,
          title: `${what} ${isRefunded ? "remboursé" : "à rendre"} : facture ${number ?? ""}`.trim(),
          description: isRefunded
            ? `${client} · ${amount} rendus au client${session.provider === "local" ? " (paiement de test)" : " par Stripe"}`
            : `${client} · ${amount} à rendre au client : ${session.refundStatus === "pending" ? "remboursement en cours" : "le remboursement automatique a échoué"}`,
          href: paths.app.invoices.detail(session.invoiceId),
          date: parisToday(session.refundedAt ?? session.paidAt ?? session.createdAt),
        };
      }),
      ...pausedHooks.map((hook) => ({
        id: `webhook:${hook.id}`,
        kind: "webhook_paused" as const,
        title: "Webhook en pause après des échecs répétés",
        description: `${hook.event} → ${hook.targetUrl}`,
        href: paths.app.integrations,
        date: hook.pausedAt ? parisToday(hook.pausedAt) : null,
      })),
      ...overdue.map((invoice) => ({
        id: `invoice:${invoice.id}`,
        kind: "invoice_overdue" as const,
        title: `Facture ${invoice.invoiceNumber ?? ""} en retard`.replace("  ", " "),
        description: `${invoice.clientName} · ${formatMoney(amountDueCents(invoice))} dus depuis le ${invoice.dueDate ? formatDate(invoice.dueDate) : "—"}`,
        href: paths.app.invoices.detail(invoice.id),
        date: invoice.dueDate,
      })),
      ...reminders.map(({ reminder, number, client }) => ({
        id: `reminder:${reminder.id}`,
        kind: "reminder_due" as const,
        title: `Relance à envoyer : facture ${number ?? ""}`.trim(),
        description: `${client} · prévue le ${formatDate(reminder.scheduledFor)}`,
        href: paths.app.invoices.send(reminder.invoiceId),
        date: reminder.scheduledFor,
      })),
      ...expiring.map((quote) => ({
        id: `quote:${quote.id}`,
        kind: "quote_expiring" as const,
        title: `Devis ${quote.quoteNumber ?? ""} expire bientôt`.replace("  ", " "),
        description: `${quote.clientName} · valable jusqu'au ${quote.validUntil ? formatDate(quote.validUntil) : "—"}`,
        href: paths.app.quotes.detail(quote.id),
        date: quote.validUntil,
      })),
    ];
    return {
      count:
        (urssaf ? 1 : 0) +
        (franchise ? 1 : 0) +
        pausedHooks.length +
        surpluses.length +
        decided.length +
        (await pageTotal(overdue, overdueCount, 0)) +
        (await pageTotal(reminders, remindersCount, 0)) +
        (await pageTotal(expiring, quotesCount, 0)),
      items: items.slice(0, LIST_LIMIT),
    };
  });
}
