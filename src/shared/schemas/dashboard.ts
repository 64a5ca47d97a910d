import { z } from "zod";

const cents = z.number().int();

export const activityKinds = [
  "invoice_issued",
  "credit_note_issued",
  "payment_received",
  "quote_accepted",
  "client_created",
  "expense_created",
  "contract_signed",
  "project_created",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const dashboardDto = z.object({
  /** The day the figures were computed for (Paris calendar), YYYY-MM-DD. */
  today: z.string(),
  /** Money received (payments by their date, cash basis), TTC. */
  revenue: z.object({ monthCents: cents, yearCents: cents }),
  /** Issued invoices not fully paid (en attente or en retard): what remains to be paid. */
  pending: z.object({ count: z.number().int(), amountCents: cents }),
  /** The part of `pending` whose due date has passed. */
  overdue: z.object({ count: z.number().int(), amountCents: cents }),
  /** Expenses by their date, TTC, whatever their status. */
  expenses: z.object({ monthCents: cents, yearCents: cents }),
  /** Revenue collected minus expenses. */
  net: z.object({ monthCents: cents, yearCents: cents }),
  activeProjects: z.number().int(),
  /** How many records exist, so an empty account is invited to start. */
  counts: z.object({
    clients: z.number().int(),
    /** Drafts included; `issuedInvoices` counts those that received a number (credit notes aside). */
    invoices: z.number().int(),
    issuedInvoices: z.number().int(),
    quotes: z.number().int(),
    expenses: z.number().int(),
  }),
  /** Issued unpaid invoices due within the next 14 days, soonest first (5 at most). */
  dueSoon: z.array(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      clientName: z.string(),
      dueDate: z.string(),
      remainingCents: cents,
      href: z.string(),
    }),
  ),
  /** The last 12 months, oldest first; `month` is YYYY-MM. */
  series: z.array(z.object({ month: z.string(), revenueCents: cents, expensesCents: cents })),
  /** The last 10 events, newest first. */
  activity: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(activityKinds),
      /** What happened ("Paiement reçu"). */
      title: z.string(),
      /** To what ("INV-2025-0001 · Dupont SARL"). */
      detail: z.string(),
      amountCents: cents.nullable(),
      at: z.string(),
      href: z.string(),
    }),
  ),
});
export type DashboardDto = z.infer<typeof dashboardDto>;

/** How far ahead "due soon" looks, in days. */
export const DUE_SOON_DAYS = 14;
