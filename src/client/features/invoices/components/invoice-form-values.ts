import { parseEurosToCents, VAT_RATES_BP } from "@shared/domain/money";
import { formatAmount } from "@shared/format";
import { type CreateInvoiceInput, createInvoiceInput, type InvoiceDto } from "@shared/schemas/invoices";
import { z } from "zod";

/**
 * What the invoice form edits: amounts and quantities as typed, the French way ("1 250,75", "0,5"). The
 * shared `createInvoiceInput` validates the converted value (see `invoiceFormSchema`); this only holds text.
 */
export const invoiceFormValues = z.object({
  clientId: z.string(),
  clientName: z.string(),
  serviceDate: z.string(),
  notes: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      unit: z.string(),
      unitPrice: z.string(),
      vatRateBp: z.string(),
    }),
  ),
});
export type InvoiceFormValues = z.infer<typeof invoiceFormValues>;
export type InvoiceFormLine = InvoiceFormValues["lines"][number];

export const DEFAULT_VAT_RATE_BP = VAT_RATES_BP[0];

export const emptyLine = (): InvoiceFormLine => ({
  description: "",
  quantity: "1",
  unit: "",
  unitPrice: "",
  vatRateBp: String(DEFAULT_VAT_RATE_BP),
});

export const emptyInvoiceForm = (): InvoiceFormValues => ({
  clientId: "",
  clientName: "",
  serviceDate: "",
  notes: "",
  lines: [emptyLine()],
});

/** "0,5" or "1.25" → 0.5 / 1.25; null when it is not a number. */
export function parseQuantity(text: string): number | null {
  const cleaned = text.replace(/[\s\u202f\u00a0]/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

const quantityText = (quantity: number) => String(quantity).replace(".", ",");

export function formValuesFromInvoice(invoice: InvoiceDto): InvoiceFormValues {
  return {
    clientId: invoice.clientId ?? "",
    clientName: invoice.clientName,
    serviceDate: invoice.serviceDate ?? "",
    notes: invoice.notes ?? "",
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: quantityText(line.quantity),
      unit: line.unit ?? "",
      unitPrice: formatAmount(line.unitPriceCents),
      vatRateBp: String(line.vatRateBp),
    })),
  };
}

/** The numbers of a line as far as they can be read, for the live totals (an unreadable field counts 0). */
export function lineNumbers(line: Partial<InvoiceFormLine> | undefined) {
  return {
    quantity: parseQuantity(line?.quantity ?? "") ?? 0,
    unitPriceCents: parseEurosToCents(line?.unitPrice ?? "") ?? 0,
    vatRateBp: Number(line?.vatRateBp ?? DEFAULT_VAT_RATE_BP),
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
    lines: values.lines.map((line) => ({
      description: line.description,
      quantity: parseQuantity(line.quantity) ?? Number.NaN,
      unit: optional(line.unit),
      unitPriceCents: parseEurosToCents(line.unitPrice) ?? Number.NaN,
      vatRateBp: Number(line.vatRateBp),
    })),
  };
}

/** The API's field names (as in the server's issue paths) → the form's. */
export function formPath(apiPath: string): string {
  return apiPath.replace(/\.unitPriceCents$/, ".unitPrice");
}

const UNREADABLE = {
  quantity: "Quantité invalide (ex. : 1 ou 0,5).",
  unitPrice: "Montant invalide (ex. : 1 250,75).",
};

/**
 * The form's resolver schema: the text is read into the API input, which the shared `createInvoiceInput`
 * validates; its French issues land on the matching form fields.
 */
export const invoiceFormSchema = invoiceFormValues.superRefine((values, context) => {
  const unreadable = new Set<string>();
  values.lines.forEach((line, index) => {
    if (parseQuantity(line.quantity) === null) {
      unreadable.add(`lines.${index}.quantity`);
      context.addIssue({ code: "custom", path: ["lines", index, "quantity"], message: UNREADABLE.quantity });
    }
    if (parseEurosToCents(line.unitPrice) === null) {
      unreadable.add(`lines.${index}.unitPrice`);
      context.addIssue({
        code: "custom",
        path: ["lines", index, "unitPrice"],
        message: UNREADABLE.unitPrice,
      });
    }
  });
  const parsed = createInvoiceInput.safeParse(toInvoiceInput(values));
  for (const issue of parsed.error?.issues ?? []) {
    const path = formPath(issue.path.join("."));
    if (unreadable.has(path)) continue;
    context.addIssue({
      code: "custom",
      path: path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: issue.message,
    });
  }
});
