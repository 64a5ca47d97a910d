import {
  commercialDocumentFormValues,
  documentFormValuesOf,
  documentInputOf,
  emptyDocumentForm,
} from "@client/components/documents/document-form-values";
import { addLineIssues, optionalText } from "@client/components/documents/line-values";
import type { VatRegime } from "@shared/domain/legal-identity";
import { parseEurosToCents } from "@shared/domain/money";
import { type CreateQuoteInput, createQuoteInput, percentText, type QuoteDto } from "@shared/schemas/quotes";
import { z } from "zod";

/**
 * What the quote wizard edits, as typed (amounts the French way). The shared `createQuoteInput` validates
 * the converted value (see `quoteFormSchema`); this only holds text.
 */
export const quoteFormValues = commercialDocumentFormValues.extend({
  validUntil: z.string(),
  terms: z.string(),
  startDate: z.string(),
  estimatedDuration: z.string(),
  /** The quote's own price, in euros as typed; "" = free. */
  fee: z.string(),
  /** The deposit asked at order, as a percentage typed (« 30 », « 12,5 »); "" = none. */
  depositPercent: z.string(),
});
export type QuoteFormValues = z.infer<typeof quoteFormValues>;

export const emptyQuoteForm = (regime: VatRegime): QuoteFormValues => ({
  ...emptyDocumentForm(regime),
  validUntil: "",
  terms: "",
  startDate: "",
  estimatedDuration: "",
  fee: "",
  depositPercent: "",
});

export function formValuesFromQuote(quote: QuoteDto, regime: VatRegime): QuoteFormValues {
  return {
    ...documentFormValuesOf(quote, regime),
    validUntil: quote.validUntil,
    terms: quote.terms ?? "",
    startDate: quote.startDate ?? "",
    estimatedDuration: quote.estimatedDuration ?? "",
    fee: quote.feeCents ? (quote.feeCents / 100).toFixed(2).replace(".", ",") : "",
    depositPercent: quote.depositPercentBp === null ? "" : percentText(quote.depositPercentBp),
  };
}

/** The API input; an empty validity lets the server apply the seller's default. */
export function toQuoteInput(values: QuoteFormValues): CreateQuoteInput {
  return {
    ...documentInputOf(values),
    validUntil: optionalText(values.validUntil),
    terms: optionalText(values.terms),
    startDate: optionalText(values.startDate),
    estimatedDuration: optionalText(values.estimatedDuration),
    // Unreadable text becomes NaN so the shared schema refuses it in French.
    feeCents: values.fee.trim() ? (parseEurosToCents(values.fee) ?? Number.NaN) : undefined,
    // Empty is sent as null, which clears a draft's deposit.
    depositPercentBp: values.depositPercent.trim() ? percentToBp(values.depositPercent) : null,
  };
}

/**
 * A percentage as people type it (« 30 », « 12,5 », « 30 % ») in basis points; unreadable text becomes NaN
 * so the shared schema refuses it in French.
 */
export const percentToBp = (text: string) =>
  Math.round(Number(text.replace(",", ".").replace(/[\s\u202f\u00a0%]/g, "")) * 100);

/** The resolver schema: the shared `createQuoteInput`'s French issues land on the form's own fields. */
export const quoteFormSchema = quoteFormValues.superRefine((values, context) => {
  const parsed = createQuoteInput.safeParse(toQuoteInput(values));
  // The price is typed in euros in « fee » and sent in cents as « feeCents »; the deposit likewise.
  const formField: Record<string, string> = { feeCents: "fee", depositPercentBp: "depositPercent" };
  const issues = (parsed.error?.issues ?? []).map((issue) => {
    const field = formField[String(issue.path[0])];
    return field ? { ...issue, path: [field] } : issue;
  });
  addLineIssues(values.lines, issues, context, values.discount);
});

/** The fields each wizard step validates before moving on. */
export const STEP_FIELDS = {
  client: ["clientName", "clientId"],
  lines: ["lines", "discount"],
  validity: ["validUntil", "startDate", "estimatedDuration", "fee", "depositPercent", "notes", "terms"],
} as const;
