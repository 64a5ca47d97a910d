import {
  commercialDocumentFormValues,
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
 * The client, notes, lines and document discount are shared with quotes (components/documents/document-form-values).
 */
export const invoiceFormValues = commercialDocumentFormValues.extend({
  serviceDate: z.string(),
  /** "" = the seller's default nature, no exemption. */
  operationNature: z.string(),
  vatExemption: z.string(),
  hasDelivery: z.boolean(),
  deliveryLine1: z.string(),
  deliveryPostalCode: z.string(),
  deliveryCity: z.string(),
  deliveryCountry: z.string(),
});
export type InvoiceFormValues = z.infer<typeof invoiceFormValues>;

export const emptyInvoiceForm = (regime: VatRegime): InvoiceFormValues => ({
  ...emptyDocumentForm(regime),
  serviceDate: "",
  operationNature: "",
  vatExemption: "",
  hasDelivery: false,
  deliveryLine1: "",
  deliveryPostalCode: "",
  deliveryCity: "",
  deliveryCountry: "FR",
});

export function formValuesFromInvoice(invoice: InvoiceDto, regime: VatRegime): InvoiceFormValues {
  const delivery = invoice.deliveryAddress;
  return {
    ...documentFormValuesOf(invoice, regime),
    serviceDate: invoice.serviceDate ?? "",
    operationNature: invoice.operationNature ?? "",
    vatExemption: invoice.vatExemption ?? "",
    hasDelivery: Boolean(delivery),
    deliveryLine1: delivery?.line1 ?? "",
    deliveryPostalCode: delivery?.postalCode ?? "",
    deliveryCity: delivery?.city ?? "",
    deliveryCountry: delivery?.country ?? "FR",
  };
}

/** The API input; unreadable numbers become NaN so the shared schema rejects them. */
export function toInvoiceInput(values: InvoiceFormValues): CreateInvoiceInput {
  return {
    ...documentInputOf(values),
    serviceDate: optionalText(values.serviceDate),
    // Unknown text reaches the shared schema, which refuses it in French.
    operationNature: (values.operationNature || undefined) as CreateInvoiceInput["operationNature"],
    // « Aucune » and an unticked delivery address are sent as null: on a draft, that clears them.
    vatExemption: (values.vatExemption || null) as CreateInvoiceInput["vatExemption"],
    deliveryAddress: values.hasDelivery
      ? {
          line1: values.deliveryLine1,
          // The form has no second line; "" is what the shared schema reads as none (null it refuses).
          line2: "",
          postalCode: values.deliveryPostalCode,
          city: values.deliveryCity,
          country: values.deliveryCountry.trim().toUpperCase(),
        }
      : null,
  };
}

/**
 * The form's resolver schema: the text is read into the API input, which the shared `createInvoiceInput`
 * validates; its French issues land on the matching form fields.
 */
const DELIVERY_FIELDS: Record<string, keyof InvoiceFormValues> = {
  line1: "deliveryLine1",
  postalCode: "deliveryPostalCode",
  city: "deliveryCity",
  country: "deliveryCountry",
};

export const invoiceFormSchema = invoiceFormValues.superRefine((values, context) => {
  const parsed = createInvoiceInput.safeParse(toInvoiceInput(values));
  // The delivery address is one object in the API and three fields in the form.
  const issues = (parsed.error?.issues ?? []).map((issue) =>
    issue.path[0] === "deliveryAddress"
      ? { ...issue, path: [DELIVERY_FIELDS[String(issue.path[1])] ?? "deliveryLine1"] }
      : issue,
  );
  addLineIssues(values.lines, issues, context, values.discount);
});
