import {
  documentFormValues,
  documentFormValuesOf,
  documentInputOf,
  emptyDocumentForm,
} from "@client/components/documents/document-form-values";
import { addLineIssues, optionalText } from "@client/components/documents/line-values";
import type { VatRegime } from "@shared/domain/legal-identity";
import { type CreateQuoteInput, createQuoteInput, type QuoteDto } from "@shared/schemas/quotes";
import { z } from "zod";

/**
 * What the quote wizard edits, as typed (amounts the French way). The shared `createQuoteInput` validates
 * the converted value (see `quoteFormSchema`); this only holds text.
 */
export const quoteFormValues = documentFormValues.extend({
  validUntil: z.string(),
  terms: z.string(),
});
export type QuoteFormValues = z.infer<typeof quoteFormValues>;

export const emptyQuoteForm = (regime: VatRegime): QuoteFormValues => ({
  ...emptyDocumentForm(regime),
  validUntil: "",
  terms: "",
});

export function formValuesFromQuote(quote: QuoteDto, regime: VatRegime): QuoteFormValues {
  return { ...documentFormValuesOf(quote, regime), validUntil: quote.validUntil, terms: quote.terms ?? "" };
}

/** The API input; an empty validity lets the server apply the seller's default. */
export function toQuoteInput(values: QuoteFormValues): CreateQuoteInput {
  return {
    ...documentInputOf(values),
    validUntil: optionalText(values.validUntil),
    terms: optionalText(values.terms),
  };
}

/** The resolver schema: the shared `createQuoteInput`'s French issues land on the form's own fields. */
export const quoteFormSchema = quoteFormValues.superRefine((values, context) => {
  const parsed = createQuoteInput.safeParse(toQuoteInput(values));
  addLineIssues(values.lines, parsed.error?.issues ?? [], context);
});

/** The fields each wizard step validates before moving on. */
export const STEP_FIELDS = {
  client: ["clientName", "clientId"],
  lines: ["lines"],
  validity: ["validUntil", "notes", "terms"],
} as const;
