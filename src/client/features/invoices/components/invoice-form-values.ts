import {
  addLineIssues,
  documentLineValues,
  emptyLine,
  formLineOf,
  lineInputOf,
} from "@client/components/documents/line-values";
import { type CreateInvoiceInput, createInvoiceInput, type InvoiceDto } from "@shared/schemas/invoices";
import { z } from "zod";

/**
 * What the invoice form edits: amounts and quantities as typed, the French way ("1 250,75", "0,5"). The
 * shared `createInvoiceInput` validates the converted value (see `invoiceFormSchema`); this only holds text.
 * The line helpers are shared with quotes (components/documents/line-values).
 */
export const invoiceFormValues = z.object({
  clientId: z.string(),
  clientName: z.string(),
  serviceDate: z.string(),
  notes: z.string(),
  lines: z.array(documentLineValues),
});
export type InvoiceFormValues = z.infer<typeof invoiceFormValues>;

export const emptyInvoiceForm = (): InvoiceFormValues => ({
  clientId: "",
  clientName: "",
  serviceDate: "",
  notes: "",
  lines: [emptyLine()],
});

export function formValuesFromInvoice(invoice: InvoiceDto): InvoiceFormValues {
  return {
    clientId: invoice.clientId ?? "",
    clientName: invoice.clientName,
    serviceDate: invoice.serviceDate ?? "",
    notes: invoice.notes ?? "",
    lines: invoice.lines.map(formLineOf),
  };
}

/** The API input; unreadable numbers become NaN so the shared schema rejects them. */
export function toInvoiceInput(values: InvoiceFormValues): CreateInvoiceInput {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    clientId: optional(values.clientId),
    clientName: values.clientName,
    serviceDate: optional(values.serviceDate),
    notes: optional(values.notes),
    lines: values.lines.map(lineInputOf),
  };
}

/**
 * The form's resolver schema: the text is read into the API input, which the shared `createInvoiceInput`
 * validates; its French issues land on the matching form fields.
 */
export const invoiceFormSchema = invoiceFormValues.superRefine((values, context) => {
  const parsed = createInvoiceInput.safeParse(toInvoiceInput(values));
  addLineIssues(values.lines, parsed.error?.issues ?? [], context);
});
