import { parseQuantity } from "@client/components/documents/line-values";
import { describe, expect, it } from "vitest";
import {
  emptyInvoiceForm,
  type InvoiceFormValues,
  invoiceFormSchema,
  toInvoiceInput,
} from "./invoice-form-values";

const filled = (): InvoiceFormValues => ({
  ...emptyInvoiceForm(),
  clientName: "Atelier Lumière",
  lines: [
    { description: "Site vitrine", quantity: "0,5", unit: "jour", unitPrice: "1 250,75", vatRateBp: "550" },
  ],
});

describe("invoice form values", () => {
  it("reads quantities and prices the French way into the API input", () => {
    expect(parseQuantity("0,5")).toBe(0.5);
    expect(parseQuantity("deux")).toBeNull();
    expect(toInvoiceInput(filled())).toEqual({
      clientName: "Atelier Lumière",
      lines: [
        { description: "Site vitrine", quantity: 0.5, unit: "jour", unitPriceCents: 125_075, vatRateBp: 550 },
      ],
    });
  });

  it("puts the shared schema's French messages on the form's own fields", () => {
    const values = filled();
    values.clientName = " ";
    values.lines = [{ description: "", quantity: "1", unit: "", unitPrice: "12,345", vatRateBp: "2000" }];
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
});
