import {
  addLineIssues,
  documentLineValues,
  emptyLine,
  formLineOf,
  lineInputOf,
} from "@client/components/documents/line-values";
import { type CreateQuoteInput, createQuoteInput, type QuoteDto } from "@shared/schemas/quotes";
import { z } from "zod";

/**
 * What the quote wizard edits, as typed (amounts the French way). The shared `createQuoteInput` validates
 * the converted value (see `quoteFormSchema`); this only holds text.
 */
export const quoteFormValues = z.object({
  clientId: z.string(),
  clientName: z.string(),
  validUntil: z.string(),
  notes: z.string(),
  terms: z.string(),
  lines: z.array(documentLineValues),
});
export type QuoteFormValues = z.infer<typeof quoteFormValues>;

export const emptyQuoteForm = (): QuoteFormValues => ({
  clientId: "",
  clientName: "",
  validUntil: "",
  notes: "",
  terms: "",
  lines: [emptyLine()],
});

export function formValuesFromQuote(quote: QuoteDto): QuoteFormValues {
  return {
    clientId: quote.clientId ?? "",
    clientName: quote.clientName,
    validUntil: quote.validUntil,
    notes: quote.notes ?? "",
    terms: quote.terms ?? "",
    lines: quote.lines.map(formLineOf),
  };
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

/** The API input; an empty validity lets the server apply the seller's default. */
export function toQuoteInput(values: QuoteFormValues): CreateQuoteInput {
  return {
    clientId: optional(values.clientId),
    clientName: values.clientName,
    validUntil: optional(values.validUntil),
    notes: optional(values.notes),
    terms: optional(values.terms),
    lines: values.lines.map(lineInputOf),
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
