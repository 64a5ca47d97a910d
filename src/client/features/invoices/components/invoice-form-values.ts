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
  /** A typed client (no record picked): "particulier", "entreprise", or "" not said yet. */
  buyerKind: z.string(),
  buyerSiren: z.string(),
  buyerLine1: z.string(),
  buyerPostalCode: z.string(),
  buyerCity: z.string(),
  buyerCountry: z.string(),
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
  buyerKind: "",
  buyerSiren: "",
  buyerLine1: "",
  buyerPostalCode: "",
  buyerCity: "",
  buyerCountry: "FR",
});

export function formValuesFromInvoice(invoice: InvoiceDto, regime: VatRegime): InvoiceFormValues {
  const delivery = invoice.deliveryAddress;
  // A draft's buyer is the typed client's details; with a client record there is none.
  const typed = invoice.clientId ? null : invoice.buyer;
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
    buyerKind: typed ? (typed.isBusiness ? "entreprise" : "particulier") : "",
    buyerSiren: typed?.siren ?? "",
    buyerLine1: typed?.address.line1 ?? "",
    buyerPostalCode: typed?.address.postalCode ?? "",
    buyerCity: typed?.address.city ?? "",
    buyerCountry: typed?.address.country ?? "FR",
  };
}

/** The typed client's details, sent only when no client record is picked and its kind is said. */
function typedBuyerOf(values: InvoiceFormValues): CreateInvoiceInput["typedBuyer"] {
  if (values.clientId || !values.buyerKind) return undefined;
  return {
    isBusiness: values.buyerKind === "entreprise",
    siren: values.buyerKind === "entreprise" ? values.buyerSiren : "",
    address: {
      line1: values.buyerLine1,
      line2: "",
      postalCode: values.buyerPostalCode,
      city: values.buyerCity,
      country: values.buyerCountry.trim().toUpperCase(),
    },
  };
}

/** The API input; unreadable numbers become NaN so the shared schema rejects them. */
export function toInvoiceInput(values: InvoiceFormValues): CreateInvoiceInput {
  return {
    ...documentInputOf(values),
    typedBuyer: typedBuyerOf(values),
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
const TYPED_BUYER_FIELDS: Record<string, keyof InvoiceFormValues> = {
  siren: "buyerSiren",
  line1: "buyerLine1",
  postalCode: "buyerPostalCode",
  city: "buyerCity",
  country: "buyerCountry",
};
export const BUYER_KIND_MESSAGE =
  "Client sans fiche : indiquez s'il s'agit d'un particulier ou d'une entreprise.";

export const invoiceFormSchema = invoiceFormValues.superRefine((values, context) => {
  const parsed = createInvoiceInput.safeParse(toInvoiceInput(values));
  // The delivery address is one object in the API and three fields in the form.
  const issues = (parsed.error?.issues ?? []).map((issue) =>
    issue.path[0] === "deliveryAddress"
      ? { ...issue, path: [DELIVERY_FIELDS[String(issue.path[1])] ?? "deliveryLine1"] }
      : issue.path[0] === "typedBuyer"
        ? { ...issue, path: [TYPED_BUYER_FIELDS[String(issue.path.at(-1))] ?? "buyerKind"] }
        : issue,
  );
  // A typed client must say who it is: the invoice could not be issued otherwise (issue 28).
  const isUnsaid = !values.clientId && values.clientName.trim() !== "" && !values.buyerKind;
  const kindIssues = isUnsaid ? [{ path: ["buyerKind"], message: BUYER_KIND_MESSAGE }] : [];
  addLineIssues(values.lines, [...issues, ...kindIssues], context, values.discount);
});
