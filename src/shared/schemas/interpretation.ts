import { z } from "zod";
import { type ClientStatus, clientStatuses } from "./clients";
import { expenseCategories } from "./expenses";
import { isoDay } from "./fields";
import { type InvoiceStatus, invoiceStatusLabels } from "./invoices";
import { type ProjectStatus, projectStatuses, type TaskStatus, taskStatuses } from "./projects";
import { type QuoteStatus, quoteStatusLabels } from "./quotes";

/**
 * What the French command interpreter (spec §5 "Command interpretation", src/shared/domain/interpreter)
 * understood from one command: the local engine's answer, and the first pass before any AI provider.
 */

export const interpretationActions = [
  "create_invoice",
  "create_quote",
  "create_client",
  "create_expense",
  "create_project",
  "create_task",
  "create_contract",
  "record_payment",
  "view_data",
  "create_automation",
  "use_integration",
  "general",
] as const;
export type InterpretationAction = (typeof interpretationActions)[number];

/** Spec §3: the data the assistant can list. */
export const viewDataTypes = [
  "invoices",
  "quotes",
  "clients",
  "expenses",
  "projects",
  "tasks",
  "payments",
] as const;
export type ViewDataType = (typeof viewDataTypes)[number];

/** Spec §5 intent keywords; the server's integrations also know webhooks and ICS feeds, which no command names. */
export const assistantIntegrations = ["zapier", "google_calendar", "mailchimp", "stripe"] as const;
export type AssistantIntegration = (typeof assistantIntegrations)[number];

/** How a payment was made, as people say it; the payment form maps the ones it has no label for to "autre". */
export const interpretedPaymentMethods = [
  "virement",
  "cheque",
  "especes",
  "carte",
  "prelevement",
  "paypal",
  "stripe",
  "autre",
] as const;
export type InterpretedPaymentMethod = (typeof interpretedPaymentMethods)[number];

/**
 * The figures a question about one's activity asks for, answered by the engine from the user's data:
 * encaissé (payments received), facturé (invoices issued), impayé (en attente + en retard), en retard, what one
 * client owes, best clients, margin (encaissements − dépenses), expenses, active projects, pending quotes,
 * quote conversion, cash forecast; who owes the most, invoices falling due (this week by default), the best
 * month by cash collected, clients with nothing invoiced for six months.
 */
export const interpretationMetrics = [
  "revenue_collected",
  "revenue_invoiced",
  "unpaid",
  "overdue",
  "client_balance",
  "best_clients",
  "margin",
  "expenses_total",
  "expenses_by_category",
  "active_projects",
  "pending_quotes",
  "quote_conversion",
  "cash_forecast",
  "top_debtor",
  "due_soon",
  "best_month",
  "dormant_clients",
] as const;
export type InterpretationMetric = (typeof interpretationMetrics)[number];

/** The real status values of the lists a request can filter (invoices, quotes, projects, tasks, clients). */
export type InterpretedStatus = InvoiceStatus | QuoteStatus | ProjectStatus | TaskStatus | ClientStatus;
export const interpretedStatuses = [
  ...new Set<InterpretedStatus>([
    ...(Object.keys(invoiceStatusLabels) as InvoiceStatus[]),
    ...(Object.keys(quoteStatusLabels) as QuoteStatus[]),
    ...projectStatuses,
    ...taskStatuses,
    ...clientStatuses,
  ]),
] as [InterpretedStatus, ...InterpretedStatus[]];

/** Units of a billed line, in the singular the document shows ("3 jours" is 3 × "jour"). */
export const lineUnits = [
  "jour",
  "demi-journée",
  "heure",
  "séance",
  "semaine",
  "mois",
  "forfait",
  "unité",
  "page",
  "mot",
  "km",
  "nuit",
  "personne",
] as const;
export type LineUnit = (typeof lineUnits)[number];

export const interpretedLine = z.strictObject({
  description: z.string().min(1, "Description de ligne vide.").optional(),
  quantity: z.number().positive("La quantité doit être positive."),
  unit: z.enum(lineUnits, { error: "Unité inconnue." }).optional(),
  /** Euros, as typed. */
  unitPrice: z.number().positive("Le prix unitaire doit être positif."),
});
export type InterpretedLine = z.infer<typeof interpretedLine>;

export const interpretedPeriod = z.strictObject({
  from: isoDay,
  to: isoDay,
  /** French, for the answer: "ce mois-ci", "en février 2026", "depuis le début de l'année". */
  label: z.string().min(1, "Libellé de période vide."),
});
export type InterpretedPeriod = z.infer<typeof interpretedPeriod>;

export const interpretationEntities = z.strictObject({
  client: z.string().min(2).max(49).optional(),
  /** Euros, as typed: 1 250,75 € is 1250.75 (cents are computed by the form that receives it). */
  amount: z.number().positive().optional(),
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  category: z.enum(expenseCategories).optional(),
  date: isoDay.optional(),
  dueDate: isoDay.optional(),
  email: z.string().optional(),
  /** French display form, "06 12 34 56 78". */
  phone: z.string().optional(),
  /** The new client's or project's own name. */
  name: z.string().min(1).optional(),
  dataType: z.enum(viewDataTypes).optional(),
  integration: z.enum(assistantIntegrations).optional(),
  /** A task's or a contract's project: "pour le projet Refonte". */
  project: z.string().min(1, "Nom de projet vide.").optional(),
  /** As typed, in capitals: "INV-2026-0042". */
  invoiceNumber: z.string().min(1, "Numéro de facture vide.").optional(),
  paymentMethod: z.enum(interpretedPaymentMethods, { error: "Moyen de paiement inconnu." }).optional(),
  /** Billed lines said in the command ("3 jours à 450 €"); `amount` is then their total. */
  lines: z.array(interpretedLine).min(1, "Aucune ligne.").optional(),
  priceBasis: z.enum(["HT", "TTC"], { error: "Base de prix inconnue (HT ou TTC)." }).optional(),
  /** A quote's last valid day ("valable jusqu'au 30 avril"). */
  validUntil: isoDay.optional(),
  serviceStartDate: isoDay.optional(),
  serviceEndDate: isoDay.optional(),
  metric: z.enum(interpretationMetrics, { error: "Indicateur inconnu." }).optional(),
  period: interpretedPeriod.optional(),
  /** The figure is to be compared with the previous period of the same length. */
  compare: z.literal(true, { error: "La comparaison est vraie ou absente." }).optional(),
  /** A list filter, with the list's own status values ("payée", "en-retard", "envoyé", "en-cours"). */
  status: z.enum(interpretedStatuses, { error: "Statut inconnu." }).optional(),
  /** Someone else's account the user asked about ("le compte de Paul"): answered with the user's own data only. */
  otherAccount: z.string().min(1, "Compte vide.").optional(),
});
export type InterpretationEntities = z.infer<typeof interpretationEntities>;

export const interpretationResult = z.strictObject({
  action: z.enum(interpretationActions),
  confidence: z.number().min(0).max(1),
  entities: interpretationEntities,
  /** French, shown to the user: what is missing before the record can be created. */
  ambiguities: z.array(z.string()),
  /** Spec §5: the request is worth sending to the planner (create, generate, analyse, invoice, client…). */
  needsPlanning: z.boolean(),
});
export type Interpretation = z.infer<typeof interpretationResult>;
