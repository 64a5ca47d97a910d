import {
  documentFormValues,
  documentFormValuesOf,
  documentInputOf,
  emptyDocumentForm,
} from "@client/components/documents/document-form-values";
import { addLineIssues, optionalText } from "@client/components/documents/line-values";
import type { VatRegime } from "@shared/domain/legal-identity";
import { type CreateInvoiceInput, createInvoiceInput, type InvoiceDto } from "@shared/schemas/invoices";
import { z } from "zod";

/**
 * What the invoice form edits: amounts and quantities as typed, the French way ("1 250,75", "0,5"). The
 * shared `createInvoiceInput` validates the converted value (see `invoiceFormSchema`); this only holds text.
 * The client, notes and lines are shared with quotes (components/documents/document-form-values).
 */
export const invoiceFormValues = documentFormValues.extend({
  serviceDate: z.string(),
});
export type InvoiceFormValues = z.infer<typeof invoiceFormValues>;

export const emptyInvoiceForm = (regime: VatRegime): InvoiceFormValues => ({
  ...emptyDocumentForm(regime),
  serviceDate: "",
});

export function formValuesFromInvoice(invoice: InvoiceDto, regime: VatRegime): InvoiceFormValues {
  return { ...documentFormValuesOf(invoice, regime), serviceDate: invoice.serviceDate ?? "" };
}

/** The API input; unreadable numbers become NaN so the shared schema rejects them. */
export function toInvoiceInput(values: InvoiceFormValues): CreateInvoiceInput {
  return { ...documentInputOf(values), serviceDate: optionalText(values.serviceDate) };
}

/**
 * The form's resolver schema: the text is read into the API input, which the shared `createInvoiceInput`
 * validates; its French issues land on the matching form fields.
 */
export const invoiceFormSchema = invoiceFormValues.superRefine((values, context) => {
  const parsed = createInvoiceInput.safeParse(toInvoiceInput(values));
  addLineIssues(values.lines, parsed.error?.issues ?? [], context);
});
