import { parseQuantity } from "@client/components/documents/line-values";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { describe, expect, it } from "vitest";
import {
  emptyInvoiceForm,
  formValuesFromInvoice,
  type InvoiceFormValues,
  invoiceFormSchema,
  toInvoiceInput,
} from "./invoice-form-values";

const filled = (): InvoiceFormValues => ({
  ...emptyInvoiceForm("assujetti"),
  clientName: "Atelier Lumière",
  // Typed, no client record: who it is and where (issue 28).
  buyerKind: "entreprise",
  buyerSiren: "552 100 554",
  buyerLine1: "3 rue Mercière",
  buyerPostalCode: "69002",
  buyerCity: "Lyon",
  lines: [
    {
      description: "Site vitrine",
      quantity: "0,5",
      unit: "jour",
      unitPrice: "1 250,75",
      discount: "10 %",
      vatRateBp: "550",
    },
  ],
});

describe("invoice form values", () => {
  it("reads quantities and prices the French way into the API input", () => {
    expect(parseQuantity("0,5")).toBe(0.5);
    expect(parseQuantity("deux")).toBeNull();
    expect(toInvoiceInput(filled())).toEqual({
      clientName: "Atelier Lumière",
      typedBuyer: {
        isBusiness: true,
        siren: "552 100 554",
        address: { line1: "3 rue Mercière", line2: "", postalCode: "69002", city: "Lyon", country: "FR" },
      },
      // No document discount, exemption or delivery address: none, which also clears a draft's.
      discountKind: null,
      discountValue: 0,
      vatExemption: null,
      deliveryAddress: null,
      lines: [
        {
          description: "Site vitrine",
          quantity: 0.5,
          unit: "jour",
          unitPriceCents: 125_075,
          vatRateBp: 550,
          discountKind: "percent",
          discountValue: 1000,
        },
      ],
    });
  });

  it("reads a line discount typed as « 12,5 % » or « 50 € », and says when it cannot", () => {
    const values = filled();
    values.lines[0] = { ...(values.lines[0] as InvoiceFormValues["lines"][number]), discount: "50 €" };
    expect(toInvoiceInput(values).lines[0]).toMatchObject({ discountKind: "amount", discountValue: 5000 });
    values.lines[0] = { ...(values.lines[0] as InvoiceFormValues["lines"][number]), discount: "dix" };
    const issues = invoiceFormSchema.safeParse(values).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["lines.0.discount", "Remise invalide (ex. : 10 % ou 50)."],
    ]);
    values.lines[0] = { ...(values.lines[0] as InvoiceFormValues["lines"][number]), discount: "700 €" };
    expect((invoiceFormSchema.safeParse(values).error?.issues ?? []).map((issue) => issue.message)).toEqual([
      "La remise dépasse le montant de la ligne.",
    ]);
  });

  it("reads the document discount typed as « 5 % » or « 100 », checks it against the lines' total in French, and types it back", () => {
    const values = { ...filled(), discount: "5 %" };
    expect(toInvoiceInput(values)).toMatchObject({ discountKind: "percent", discountValue: 500 });
    values.discount = "100";
    expect(toInvoiceInput(values)).toMatchObject({ discountKind: "amount", discountValue: 10_000 });
    const messages = (discount: string) =>
      (invoiceFormSchema.safeParse({ ...values, discount }).error?.issues ?? []).map((issue) => [
        issue.path.join("."),
        issue.message,
      ]);
    expect(messages("100")).toEqual([]);
    expect(messages("cinq")).toEqual([["discount", "Remise invalide (ex. : 10 % ou 50)."]]);
    // The line is 0,5 × 1 250,75 less 10 %: 562,84 € excl. VAT.
    expect(messages("600")).toEqual([["discount", "La remise dépasse le total HT des lignes."]]);
    expect(messages("120 %")).toEqual([["discount", "Une remise ne dépasse pas 100 %."]]);
    const stored = { clientName: "A", lines: [], discountKind: "percent", discountValue: 1250 } as unknown;
    expect(formValuesFromInvoice(stored as InvoiceDto, "assujetti").discount).toBe("12,5 %");
  });

  it("puts the shared schema's French messages on the form's own fields", () => {
    const values = filled();
    values.clientName = " ";
    values.lines = [
      { description: "", quantity: "1", unit: "", unitPrice: "12,345", discount: "", vatRateBp: "2000" },
    ];
    const result = invoiceFormSchema.safeParse(values);
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(issues).toEqual({
      clientName: "Indiquez le client.",
      "lines.0.description": "Décrivez la prestation.",
      "lines.0.unitPrice": "Montant invalide (ex. : 1 250,75).",
    });
  });

  it("sends a chosen exemption and a ticked delivery address, and null once « Aucune » or unticked", () => {
    const values = {
      ...filled(),
      vatExemption: "exportation",
      hasDelivery: true,
      deliveryLine1: "4 quai Rambaud",
      deliveryPostalCode: "69002",
      deliveryCity: "Lyon",
      deliveryCountry: "fr",
    };
    expect(invoiceFormSchema.safeParse(values).error?.issues ?? []).toEqual([]);
    expect(toInvoiceInput(values)).toMatchObject({
      vatExemption: "exportation",
      deliveryAddress: { line1: "4 quai Rambaud", postalCode: "69002", city: "Lyon", country: "FR" },
    });
    expect(toInvoiceInput({ ...values, vatExemption: "", hasDelivery: false })).toMatchObject({
      vatExemption: null,
      deliveryAddress: null,
    });
  });

  it("asks a typed client whether it is a consumer or a business, and a business its SIREN (issue 28)", () => {
    const issuesOf = (values: InvoiceFormValues) =>
      (invoiceFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [
        issue.path.join("."),
        issue.message,
      ]);
    expect(issuesOf({ ...filled(), buyerKind: "" })).toEqual([
      ["buyerKind", "Client sans fiche : indiquez s'il s'agit d'un particulier ou d'une entreprise."],
    ]);
    expect(issuesOf({ ...filled(), buyerSiren: "" })).toEqual([
      ["buyerSiren", "Pour une entreprise française, indiquez son SIREN (ou choisissez sa fiche client)."],
    ]);
    expect(issuesOf({ ...filled(), buyerSiren: "552100555" })[0]?.[0]).toBe("buyerSiren");
    expect(issuesOf({ ...filled(), buyerKind: "particulier", buyerCity: "" })).toEqual([
      ["buyerCity", "Indiquez la ville du client."],
    ]);
    // A client record picked: nothing typed is sent.
    expect(
      toInvoiceInput({ ...filled(), clientId: "0b8f4c1e-0d6f-4f0f-9a53-1f2d3c4b5a69" }).typedBuyer,
    ).toBeUndefined();
  });

  it("starts a new line at the rate the seller's VAT regime allows", () => {
    expect(emptyInvoiceForm("franchise").lines[0]?.vatRateBp).toBe("0");
    expect(emptyInvoiceForm("assujetti").lines[0]?.vatRateBp).toBe("2000");
  });

  it("opens a 20 % draft at 0 % under the franchise, and keeps it when VAT-registered", () => {
    const draft = {
      clientId: null,
      clientName: "Atelier Lumière",
      notes: null,
      serviceDate: null,
      lines: [{ description: "Site", quantity: 1, unit: null, unitPriceCents: 50_000, vatRateBp: 2000 }],
    } as unknown as InvoiceDto;
    expect(formValuesFromInvoice(draft, "franchise").lines[0]?.vatRateBp).toBe("0");
    expect(formValuesFromInvoice(draft, "assujetti").lines[0]?.vatRateBp).toBe("2000");
  });
});
