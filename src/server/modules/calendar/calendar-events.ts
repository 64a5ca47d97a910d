import { addDays, parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { and, eq, gte, inArray, isNotNull } from "drizzle-orm";
import {
  clients,
  contracts,
  invoiceReminders,
  invoices,
  projects,
  quotes,
  tasks,
} from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { urssafDeadlineEvents } from "../urssaf/urssaf.service";
import type { CalendarEvent } from "./ical";

/** Issued and not settled: 'payée' and 'annulée' have nothing left to chase, a draft has no due date yet. */
const UNPAID = ["en-attente", "en-retard"] as const;
/** A contract ended more than a year ago is history, not a date to plan around. */
const CONTRACT_HISTORY_DAYS = 365;

type Link = (path: string) => string;

/** A description the calendar shows: the facts, then the link back (Google does not show the URL property). */
const withLink = (lines: (string | false | null | undefined)[], url: string) =>
  [...lines.filter(Boolean), url].join("\n");

/**
 * The dates of one user's business, as all-day events. Runs inside that user's `withTenant`, so row-level
 * security keeps every other user's rows out even if a filter were missing; the filters stay for the indexes.
 */
export async function readCalendarEvents(
  tx: Tx,
  { userId, appUrl, now }: { userId: string; appUrl: string; now: Date },
): Promise<CalendarEvent[]> {
  const link: Link = (path) => `${appUrl}${path}`;
  const events = [
    ...(await invoiceDueDates(tx, userId, link)),
    ...(await reminderDates(tx, userId, link)),
    ...(await quoteExpiries(tx, userId, link)),
    ...(await taskDueDates(tx, userId, link)),
    ...(await contractEnds(tx, userId, link, addDays(parisToday(now), -CONTRACT_HISTORY_DAYS))),
    ...(await urssafDeadlineEvents(tx, { userId, today: parisToday(now), url: link(paths.app.urssaf) })),
  ];
  // A stable order keeps the feed byte-identical between two fetches when nothing changed.
  return events.sort((a, b) => a.day.localeCompare(b.day) || a.uid.localeCompare(b.uid));
}

async function invoiceDueDates(tx: Tx, userId: string, link: Link): Promise<CalendarEvent[]> {
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      clientName: invoices.clientName,
      date: invoices.date,
      dueDate: invoices.dueDate,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      updatedAt: invoices.updatedAt,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.kind, "facture"),
        inArray(invoices.status, UNPAID),
        isNotNull(invoices.dueDate),
      ),
    );
  return rows.flatMap((row) => {
    if (!row.dueDate) return [];
    const due = Math.max(row.totalCents - row.paidCents, 0);
    const url = link(paths.app.invoices.detail(row.id));
    return {
      uid: `${row.id}-invoice-due@ardoise`,
      day: row.dueDate,
      stamp: row.updatedAt,
      summary: `Échéance facture ${row.number ?? ""} — ${row.clientName} — ${formatMoney(due)}`,
      description: withLink(
        [
          `Facture ${row.number ?? ""} du ${formatDate(row.date)} pour ${row.clientName}.`,
          `Montant TTC : ${formatMoney(row.totalCents)}`,
          row.paidCents > 0 && `Reste à payer : ${formatMoney(due)}`,
        ],
        url,
      ),
      url,
    };
  });
}

async function reminderDates(tx: Tx, userId: string, link: Link): Promise<CalendarEvent[]> {
  const rows = await tx
    .select({
      id: invoiceReminders.id,
      day: invoiceReminders.scheduledFor,
      createdAt: invoiceReminders.createdAt,
      invoiceId: invoices.id,
      number: invoices.invoiceNumber,
      clientName: invoices.clientName,
      dueDate: invoices.dueDate,
    })
    .from(invoiceReminders)
    .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
    .where(
      and(
        eq(invoiceReminders.userId, userId),
        eq(invoiceReminders.status, "pending"),
        inArray(invoices.status, UNPAID),
      ),
    );
  return rows.map((row) => {
    const url = link(paths.app.invoices.detail(row.invoiceId));
    return {
      uid: `${row.id}-reminder@ardoise`,
      day: row.day,
      stamp: row.createdAt,
      summary: `Rappel de paiement — facture ${row.number ?? ""} — ${row.clientName}`,
      description: withLink(
        [
          `Un rappel de paiement de la facture ${row.number ?? ""} est programmé ce jour pour ${row.clientName}.`,
          row.dueDate && `Échéance : ${formatDate(row.dueDate)}`,
        ],
        url,
      ),
      url,
    };
  });
}

async function quoteExpiries(tx: Tx, userId: string, link: Link): Promise<CalendarEvent[]> {
  const rows = await tx
    .select({
      id: quotes.id,
      number: quotes.quoteNumber,
      clientName: quotes.clientName,
      validUntil: quotes.validUntil,
      totalCents: quotes.totalCents,
      updatedAt: quotes.updatedAt,
    })
    .from(quotes)
    .where(and(eq(quotes.userId, userId), eq(quotes.status, "envoyé"), isNotNull(quotes.validUntil)));
  return rows.flatMap((row) => {
    if (!row.validUntil) return [];
    const url = link(paths.app.quotes.detail(row.id));
    return {
      uid: `${row.id}-quote-expiry@ardoise`,
      day: row.validUntil,
      stamp: row.updatedAt,
      summary: `Fin de validité devis ${row.number ?? ""} — ${row.clientName} — ${formatMoney(row.totalCents)}`,
      description: withLink(
        [`Devis ${row.number ?? ""} envoyé à ${row.clientName}, en attente de réponse.`],
        url,
      ),
      url,
    };
  });
}

async function taskDueDates(tx: Tx, userId: string, link: Link): Promise<CalendarEvent[]> {
  const rows = await tx
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      updatedAt: tasks.updatedAt,
      projectId: projects.id,
      projectName: projects.name,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(eq(tasks.userId, userId), inArray(tasks.status, ["a-faire", "en-cours"]), isNotNull(tasks.dueDate)),
    );
  return rows.flatMap((row) => {
    if (!row.dueDate) return [];
    const url = link(paths.app.projects.detail(row.projectId));
    return {
      uid: `${row.id}-task-due@ardoise`,
      day: row.dueDate,
      stamp: row.updatedAt,
      summary: `Tâche : ${row.title} — ${row.projectName}`,
      description: withLink([`Tâche du projet « ${row.projectName} » à terminer.`], url),
      url,
    };
  });
}

async function contractEnds(tx: Tx, userId: string, link: Link, since: string): Promise<CalendarEvent[]> {
  const rows = await tx
    .select({
      id: contracts.id,
      number: contracts.contractNumber,
      title: contracts.title,
      endDate: contracts.endDate,
      updatedAt: contracts.updatedAt,
      clientName: clients.name,
    })
    .from(contracts)
    .leftJoin(clients, eq(clients.id, contracts.clientId))
    .where(
      and(
        eq(contracts.userId, userId),
        // A draft's end date is not yet agreed; a 'terminé' contract is closed.
        inArray(contracts.status, ["envoyé", "signé"]),
        gte(contracts.endDate, since),
      ),
    );
  return rows.flatMap((row) => {
    if (!row.endDate) return [];
    const url = link(paths.app.contracts.detail(row.id));
    const client = row.clientName ? ` — ${row.clientName}` : "";
    return {
      uid: `${row.id}-contract-end@ardoise`,
      day: row.endDate,
      stamp: row.updatedAt,
      summary: `Fin du contrat ${row.number ?? row.title}${client}`,
      description: withLink([`Contrat « ${row.title} »${client}.`], url),
      url,
    };
  });
}
