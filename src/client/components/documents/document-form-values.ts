import type { VatRegime } from "@shared/domain/legal-identity";
import type { InvoiceLineDto, LineInput } from "@shared/schemas/invoices";
import { z } from "zod";
import { documentLineValues, emptyLine, formLineOf, lineInputOf, optionalText } from "./line-values";

/**
 * The fields an invoice form and a quote wizard both edit, as typed: the client (a name, linked by id when
 * picked), the notes and the lines. Each document extends it with its own dates.
 */
export const documentFormValues = z.object({
  clientId: z.string(),
  clientName: z.string(),
  notes: z.string(),
  lines: z.array(documentLineValues),
});
export type DocumentFormValues = z.infer<typeof documentFormValues>;

export const emptyDocumentForm = (regime: VatRegime): DocumentFormValues => ({
  clientId: "",
  clientName: "",
  notes: "",
  lines: [emptyLine(regime)],
});

type StoredDocument = {
  clientId: string | null;
  clientName: string;
  notes: string | null;
  lines: InvoiceLineDto[];
};

export function documentFormValuesOf(document: StoredDocument, regime: VatRegime): DocumentFormValues {
  return {
    clientId: document.clientId ?? "",
    clientName: document.clientName,
    notes: document.notes ?? "",
    lines: document.lines.map((line) => formLineOf(line, regime)),
  };
}

/** The shared part of the API input; unreadable numbers become NaN so the shared schema rejects them. */
export function documentInputOf(values: DocumentFormValues): {
  clientId: string | undefined;
  clientName: string;
  notes: string | undefined;
  lines: LineInput[];
} {
  return {
    clientId: optionalText(values.clientId),
    clientName: values.clientName,
    notes: optionalText(values.notes),
    lines: values.lines.map(lineInputOf),
  };
}
