import { computeTotals, depositLines, type VatBreakdown } from "@shared/domain/totals";
import { formatDate, formatMoney } from "@shared/format";
import { z } from "zod";
import { atLeastOneField, isoDay } from "./fields";
import { discountFields, type InvoiceLineDto, lineInput, refineDiscounts } from "./invoices";
import { listQuery } from "./list";

export const quoteStatusLabels = {
  brouillon: "Brouillon",
  envoyé: "Envoyé",
  accepté: "Accepté",
  refusé: "Refusé",
  expiré: "Expiré",
} as const;
export type QuoteStatus = keyof typeof quoteStatusLabels;

/** Used when the seller's settings hold no validity (issue 4: 30 days from the quote date). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

export const VALID_UNTIL_BEFORE_DATE = "La date de validité ne peut pas précéder la date du devis.";

/** A deposit's share of the quote's total, in basis points (3000 = 30 %). */
const depositPercentBp = z
  .number({ error: "Indiquez le pourcentage de l'acompte." })
  .int("Un pourcentage à deux décimales au plus.")
  .min(1, "L'acompte doit être positif.")
  .max(10_000, "Un acompte ne dépasse pas 100 % du devis.");

const quoteFields = {
  clientId: z.uuid("Client invalide.").optional(),
  clientName: z.string().trim().min(1, "Indiquez le client.").max(200),
  projectId: z.uuid().optional(),
  /** Date of the quote; today when absent. */
  date: isoDay.optional(),
  /** Last day the offer holds; the quote date plus the seller's validity when absent. */
  validUntil: isoDay.optional(),
  /** When the work would start and how long it should take, as the client reads them. */
  startDate: isoDay.optional(),
  estimatedDuration: z.string().trim().max(100, "100 caractères au maximum.").optional(),
  /** The deposit asked at order, printed on the quote; null (or absent) asks none. */
  depositPercentBp: depositPercentBp.nullable().optional(),
  /** What the quote itself costs (TTC, cents); 0 or absent: « Devis gratuit ». */
  feeCents: z
    .number()
    .int("Montant en centimes entiers.")
    .min(0, "Le prix du devis ne peut pas être négatif.")
    .max(10_000_000)
    .optional(),
  notes: z.string().trim().max(5000, "5 000 caractères au maximum.").optional(),
  terms: z.string().trim().max(5000, "5 000 caractères au maximum.").optional(),
  lines: z.array(lineInput).min(1, "Ajoutez au moins une ligne.").max(200, "200 lignes au maximum."),
  ...discountFields,
};

const validityAfterDate = (input: { date?: string; validUntil?: string }) =>
  !input.date || !input.validUntil || input.validUntil >= input.date;

export const createQuoteInput = z
  .object(quoteFields)
  .refine(validityAfterDate, { message: VALID_UNTIL_BEFORE_DATE, path: ["validUntil"] })
  .superRefine(refineDiscounts);
export type CreateQuoteInput = z.infer<typeof createQuoteInput>;

export const updateQuoteInput = atLeastOneField(
  z
    .object(quoteFields)
    .partial()
    .refine(validityAfterDate, { message: VALID_UNTIL_BEFORE_DATE, path: ["validUntil"] })
    .superRefine(refineDiscounts),
);

/** « Facture d'acompte » from a quote: a percentage of its amount, asked before the work is done. */
export const createDepositInput = z.object({ percentBp: depositPercentBp });
export type CreateDepositInput = z.infer<typeof createDepositInput>;
export type UpdateQuoteInput = z.infer<typeof updateQuoteInput>;

export const quoteListQuery = listQuery.extend({
  status: z.enum(Object.keys(quoteStatusLabels) as [QuoteStatus]).optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuery>;

/**
 * "Envoyer par email": both fields may be left out (an empty body sends the default message to the
 * client's e-mail address).
 */
export const sendQuoteInput = z.object({
  to: z.string().trim().email("Adresse e-mail invalide").optional(),
  message: z
    .string()
    .trim()
    .min(1, "Écrivez un message.")
    .max(5000, "5 000 caractères au maximum.")
    .optional(),
});
export type SendQuoteInput = z.infer<typeof sendQuoteInput>;

/** The message the send dialog starts from, and the one the server sends when the request has none. */
export function defaultQuoteMessage(
  quote: { quoteNumber: string; totalCents: number; validUntil: string },
  sellerName: string,
): string {
  return [
    "Bonjour,",
    `Veuillez trouver ci-joint le devis ${quote.quoteNumber} d'un montant de ${formatMoney(quote.totalCents)} TTC, valable jusqu'au ${formatDate(quote.validUntil)}.`,
    "Je reste à votre disposition pour toute question.",
    sellerName ? `Cordialement,\n${sellerName}` : "Cordialement,",
  ].join("\n\n");
}

/**
 * « Acompte à la commande : 30 % du total TTC, soit 1 200,00 € », as the PDF and the quote's page print it.
 * The amount is the deposit invoice's, drawn from the same per-rate shares; under the VAT franchise there
 * is no TTC (the totals say « Total »).
 */
export function depositAskedText(
  byRate: readonly Pick<VatBreakdown, "vatRateBp" | "baseCents">[],
  percentBp: number,
  isFranchise: boolean,
): string {
  const amountCents = computeTotals(depositLines(byRate, percentBp)).totalCents;
  const total = isFranchise ? "du total" : "du total TTC";
  return `Acompte à la commande : ${percentText(percentBp)} % ${total}, soit ${formatMoney(amountCents)}`;
}

/** Basis points as people write a percentage: 3000 → « 30 », 1250 → « 12,5 ». */
export const percentText = (percentBp: number) => (percentBp / 100).toLocaleString("fr-FR");

export type QuoteLineDto = InvoiceLineDto;
export type QuoteDto = {
  id: string;
  /** DEV-YYYY-NNNN, assigned when the quote is created. */
  quoteNumber: string;
  clientId: string | null;
  clientName: string;
  /** The linked client's e-mail as the client file holds it today: the send dialog's default recipient. */
  clientEmail: string | null;
  projectId: string | null;
  date: string;
  validUntil: string;
  startDate: string | null;
  estimatedDuration: string | null;
  /** The deposit asked at order, in basis points of the total; null: none. */
  depositPercentBp: number | null;
  feeCents: number;
  /** As read today: a sent quote past its validity reads as expiré. */
  status: QuoteStatus;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  discountKind: "percent" | "amount" | null;
  discountValue: number;
  notes: string | null;
  terms: string | null;
  /** The last time the quote was sent (sending again moves it). */
  sentAt: string | null;
  acceptedAt: string | null;
  refusedAt: string | null;
  createdAt: string;
  /** The invoice draft made from this quote, once converted. */
  invoice: { id: string; invoiceNumber: string | null } | null;
  /** Empty in lists. */
  lines: QuoteLineDto[];
};
