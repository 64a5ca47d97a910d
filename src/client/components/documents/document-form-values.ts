import type { VatRegime } from "@shared/domain/legal-identity";
import type { InvoiceLineDto, LineInput } from "@shared/schemas/invoices";
import { z } from "zod";
import {
  discountInputOf,
  discountText,
  documentLineValues,
  emptyLine,
  formLineOf,
  lineInputOf,
  optionalText,
} from "./line-values";

/**
 * The fields every form with document lines edits, as typed: the client (a name, linked by id when
 * picked), the notes and the lines. Automations' recurring invoices use these alone.
 */
export const documentFormValues = z.object({
  clientId: z.string(),
  clientName: z.string(),
  notes: z.string(),
  lines: z.array(documentLineValues),
});
export type DocumentFormValues = z.infer<typeof documentFormValues>;

/**
 * What an invoice form and a quote wizard both edit: the above and a discount on the whole document,
 * typed like a line's (« 10 % », « 50 »). Each document extends it with its own dates.
 */
export const commercialDocumentFormValues = documentFormValues.extend({ discount: z.string() });
export type CommercialDocumentFormValues = z.infer<typeof commercialDocumentFormValues>;

export const emptyDocumentForm = (regime: VatRegime): CommercialDocumentFormValues => ({
  clientId: "",
  clientName: "",
  notes: "",
  lines: [emptyLine(regime)],
  discount: "",
});

type StoredDocument = {
  clientId: string | null;
  clientName: string;
  notes: string | null;
  lines: InvoiceLineDto[];
} & Pick<LineInput, "discountKind" | "discountValue">;

export function documentFormValuesOf(
  document: StoredDocument,
  regime: VatRegime,
): CommercialDocumentFormValues {
  return {
    clientId: document.clientId ?? "",
    clientName: document.clientName,
    notes: document.notes ?? "",
    lines: document.lines.map((line) => formLineOf(line, regime)),
    discount: discountText(document),
  };
}

/**
 * The shared part of the API input; unreadable numbers become NaN so the shared schema rejects them. No
 * document discount is sent as none (kind null), which also clears the one a draft had.
 */
export function documentInputOf(values: CommercialDocumentFormValues): {
  clientId: string | undefined;
  clientName: string;
  notes: string | undefined;
  lines: LineInput[];
} & Pick<LineInput, "discountKind" | "discountValue"> {
  return {
    clientId: optionalText(values.clientId),
    clientName: values.clientName,
    notes: optionalText(values.notes),
    lines: values.lines.map(lineInputOf),
    ...discountInputOf(values.discount),
  };
}
