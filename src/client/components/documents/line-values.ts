import type { VatRegime } from "@shared/domain/legal-identity";
import { parseEurosToCents } from "@shared/domain/money";
import { defaultVatRateBp, isVatRateAllowed } from "@shared/domain/vat-regime";
import { formatAmount } from "@shared/format";
import type { InvoiceLineDto, LineInput } from "@shared/schemas/invoices";
import { z } from "zod";

/**
 * A document line (invoice or quote) as a form edits it: quantity and price as typed, the French way
 * ("0,5", "1 250,75"). The shared `lineInput` schema validates the converted value.
 */
export const documentLineValues = z.object({
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  /** « 10 % » for a percentage, « 50 » or « 50 € » for an amount excl. VAT, empty for none. */
  discount: z.string(),
  vatRateBp: z.string(),
});
export type DocumentFormLine = z.infer<typeof documentLineValues>;
/** What the line editor needs from a form: its lines. */
export type DocumentLinesFormValues = { lines: DocumentFormLine[] };

/** A new line, at the rate the seller's VAT regime gives (0 % under the franchise). */
export const emptyLine = (regime: VatRegime): DocumentFormLine => ({
  description: "",
  quantity: "1",
  unit: "",
  unitPrice: "",
  discount: "",
  vatRateBp: String(defaultVatRateBp(regime)),
});

type Discount = Pick<LineInput, "discountKind" | "discountValue">;

/** « 10 % » → 10 % in basis points, « 50 » or « 50 € » → 50 € in cents, blank → none; null: unreadable. */
export function parseDiscount(text: string): Discount | null {
  const cleaned = text.replace(/[\s\u202f\u00a0]/g, "");
  if (!cleaned) return { discountKind: null, discountValue: 0 };
  if (cleaned.endsWith("%")) {
    const percent = parseQuantity(cleaned.slice(0, -1));
    return percent === null ? null : { discountKind: "percent", discountValue: Math.round(percent * 100) };
  }
  const cents = parseEurosToCents(cleaned);
  return cents === null ? null : { discountKind: "amount", discountValue: cents };
}

/** A discount for the API; unreadable text becomes NaN so the shared schema rejects it. */
export function discountInputOf(text: string): Discount {
  return parseDiscount(text) ?? { discountKind: "amount", discountValue: Number.NaN };
}

/** A stored discount as typed back: « 10 % », « 50,00 € ». */
export function discountText({ discountKind, discountValue }: Discount): string {
  if (!discountKind || !discountValue) return "";
  if (discountKind === "percent") return `${String(discountValue / 100).replace(".", ",")} %`;
  return `${formatAmount(discountValue)} €`;
}

/** "0,5" or "1.25" → 0.5 / 1.25; null when it is not a number. */
export function parseQuantity(text: string): number | null {
  const cleaned = text.replace(/[\s\u202f\u00a0]/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

const quantityText = (quantity: number) => String(quantity).replace(".", ",");

/**
 * A stored line as the form edits it. A rate the regime no longer allows (a draft written before the
 * seller changed regime) becomes the regime's rate: the form then shows what issuing will accept.
 */
export function formLineOf(line: InvoiceLineDto, regime: VatRegime): DocumentFormLine {
  const rate = isVatRateAllowed(regime, line.vatRateBp) ? line.vatRateBp : defaultVatRateBp(regime);
  return {
    description: line.description,
    quantity: quantityText(line.quantity),
    unit: line.unit ?? "",
    unitPrice: formatAmount(line.unitPriceCents),
    discount: discountText(line),
    vatRateBp: String(rate),
  };
}

/** The numbers of a line as far as they can be read, for the live totals (an unreadable field counts 0). */
export function lineNumbers(line: Partial<DocumentFormLine> | undefined) {
  return {
    quantity: parseQuantity(line?.quantity ?? "") ?? 0,
    unitPriceCents: parseEurosToCents(line?.unitPrice ?? "") ?? 0,
    vatRateBp: Number(line?.vatRateBp || 0),
    ...(parseDiscount(line?.discount ?? "") ?? {}),
  };
}

/** A text field for the API: trimmed, and absent when blank. */
export const optionalText = (text: string) => (text.trim() ? text.trim() : undefined);

/** The API line; unreadable numbers become NaN so the shared schema rejects them. */
export function lineInputOf(line: DocumentFormLine): LineInput {
  return {
    description: line.description,
    quantity: parseQuantity(line.quantity) ?? Number.NaN,
    unit: optionalText(line.unit),
    unitPriceCents: parseEurosToCents(line.unitPrice) ?? Number.NaN,
    vatRateBp: Number(line.vatRateBp),
    ...discountInputOf(line.discount),
  };
}

/** The API's field names (as in the server's issue paths) → the form's, for a line's or the document's. */
export function formPath(apiPath: string): string {
  return apiPath
    .replace(/\.unitPriceCents$/, ".unitPrice")
    .replace(/(^|\.)discount(Value|Kind)$/, "$1discount");
}

const UNREADABLE = {
  quantity: "Quantité invalide (ex. : 1 ou 0,5).",
  unitPrice: "Montant invalide (ex. : 1 250,75).",
  discount: "Remise invalide (ex. : 10 % ou 50).",
};

type IssueSink = {
  addIssue: (issue: { code: "custom"; path: (string | number)[]; message: string }) => void;
};

/**
 * Adds the "cannot read this number" issues of the lines (and of the document's discount, when the form
 * has one), then the shared schema's issues (`apiIssues`, from the converted input) on the matching form
 * fields, skipping those already explained.
 */
export function addLineIssues(
  lines: DocumentFormLine[],
  apiIssues: readonly { path: PropertyKey[]; message: string }[],
  context: IssueSink,
  documentDiscount?: string,
) {
  const unreadable = new Set<string>();
  if (documentDiscount !== undefined && parseDiscount(documentDiscount) === null) {
    unreadable.add("discount");
    context.addIssue({ code: "custom", path: ["discount"], message: UNREADABLE.discount });
  }
  lines.forEach((line, index) => {
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
    if (parseDiscount(line.discount) === null) {
      unreadable.add(`lines.${index}.discount`);
      context.addIssue({ code: "custom", path: ["lines", index, "discount"], message: UNREADABLE.discount });
    }
  });
  for (const issue of apiIssues) {
    const path = formPath(issue.path.map(String).join("."));
    if (unreadable.has(path)) continue;
    context.addIssue({
      code: "custom",
      path: path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: issue.message,
    });
  }
}
