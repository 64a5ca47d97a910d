import { z } from "zod";
import {
  EINVOICE_STATUSES,
  type EinvoiceStatus,
  einvoiceStatuses,
  receivedInvoiceStatuses,
} from "../domain/einvoicing";
import { formatCount } from "../format";
import { expenseFields, expenseVatLine, supplierDocumentKinds } from "./expenses";

export const supplierInvoiceFormats = ["factur-x", "cii", "ubl"] as const;
export const supplierInvoiceFormatLabels: Record<(typeof supplierInvoiceFormats)[number], string> = {
  "factur-x": "Factur-X (PDF)",
  cii: "CII (XML)",
  ubl: "UBL (XML)",
};

const party = z.object({
  name: z.string().nullable(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** ISO 3166 country of the postal address (BT-40 / BT-55): a seller abroad charges foreign VAT. */
  country: z.string().nullable().default(null),
});

/**
 * Lines of a supplier invoice shown and answered (issue 26): a detailed delivery note of 11 000 lines would
 * cost the server's main thread and the dialog tens of milliseconds for lines nobody reads one by one.
 */
export const SHOWN_INVOICE_LINES = 200;

/** What stands for the lines not shown: « … et 10 800 autres lignes, comptées dans les totaux ». */
export function moreLinesNote({ lines, lineCount }: { lines: unknown[]; lineCount: number }): string | null {
  const more = lineCount - lines.length;
  if (more <= 0) return null;
  const [counted, kept] = more === 1 ? ["comptée", "gardée"] : ["comptées", "gardées"];
  return `… et ${formatCount(more, "autre ligne", "autres lignes")}, ${counted} dans les totaux et ${kept} dans le fichier importé.`;
}

/** A supplier e-invoice read from Factur-X, CII or UBL: one shape whatever the syntax (EN 16931 terms). */
export const supplierInvoiceDto = z.object({
  format: z.enum(supplierInvoiceFormats),
  documentType: z.enum(["invoice", "credit_note"]),
  /** BT-3, the UNTDID 1001 code: 380 invoice, 386 deposit (acompte), 381 credit note… */
  typeCode: z.string().default("380"),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  /** BT-6, the VAT accounting currency, when the invoice gives its VAT total in it too (BT-111). */
  taxCurrency: z.string().nullable().default(null),
  /** BT-25: the invoice a credit note corrects, or the deposit invoice a final invoice deducts. */
  precedingInvoice: z.string().nullable().default(null),
  supplier: party,
  buyer: party,
  /** The invoice's first SHOWN_INVOICE_LINES lines: the totals and VAT below count all `lineCount`. */
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.string().nullable(),
      netCents: z.number().int(),
      vatRateBp: z.number().int().nullable(),
    }),
  ),
  lineCount: z.number().int(),
  vatBreakdown: z.array(
    z.object({
      category: z.string(),
      rateBp: z.number().int(),
      baseCents: z.number().int(),
      vatCents: z.number().int(),
    }),
  ),
  totals: z.object({
    /** BT-106, BT-109, BT-110, BT-112, BT-115. */
    linesCents: z.number().int(),
    netCents: z.number().int(),
    vatCents: z.number().int(),
    grossCents: z.number().int(),
    dueCents: z.number().int(),
    /** BT-113, the deposits already paid. */
    prepaidCents: z.number().int().default(0),
    /** BT-111, the VAT total in the accounting currency (BT-6), when given. */
    accountingVatCents: z.number().int().nullable().default(null),
  }),
});
export type SupplierInvoiceDto = z.infer<typeof supplierInvoiceDto>;

/** What the user confirms: the amounts, supplier and number come from the file, the rest is theirs. */
export const confirmSupplierInvoiceInput = expenseFields
  .pick({
    title: true,
    description: true,
    category: true,
    status: true,
    projectId: true,
    paymentMethod: true,
  })
  .extend({
    /**
     * Euros for one unit of the invoice's currency, which the user gives when the invoice does not say its
     * VAT in euros (BT-111): "0,1342" or "0.1342".
     */
    exchangeRate: z
      .string({ error: "Taux de change invalide." })
      .trim()
      .regex(
        /^\d{1,6}([.,]\d{1,10})?$/,
        "Taux de change invalide : indiquez les euros pour une unité de la devise, par exemple 0,1342.",
      )
      .refine((rate) => Number(rate.replace(",", ".")) > 0, "Le taux de change doit être positif.")
      .optional(),
  })
  .strict();
export type ConfirmSupplierInvoiceInput = z.input<typeof confirmSupplierInvoiceInput>;
export type ConfirmSupplierInvoiceData = z.output<typeof confirmSupplierInvoiceInput>;

/** The preview of an import: the invoice as read, and the expense it would become. */
export const supplierInvoicePreviewDto = z.object({
  invoice: supplierInvoiceDto,
  draft: z.object({
    title: z.string(),
    description: z.string(),
    supplier: z.string(),
    /** In euros, TTC; negative for a credit note. */
    amountCents: z.number().int(),
    /** The deductible VAT in euros: the sum of the deductible `vatLines`. */
    vatCents: z.number().int(),
    vatRateBp: z.number().int(),
    date: z.string(),
    kind: z.enum(supplierDocumentKinds),
    vatLines: z.array(expenseVatLine),
    currency: z.string(),
    /** The gross in the invoice's currency, when it is not the euro. */
    originalAmountCents: z.number().int().nullable(),
    /** Euros for one unit of the currency, when known (from BT-111 or the user's confirmation). */
    exchangeRate: z.string().nullable(),
    /** A currency other than the euro without BT-111: the confirmation must carry `exchangeRate`. */
    needsExchangeRate: z.boolean(),
    /** The imported expense this one corrects (credit note) or deducts (final invoice after a deposit). */
    relatedExpenseId: z.string().nullable(),
  }),
});
export type SupplierInvoicePreviewDto = z.infer<typeof supplierInvoicePreviewDto>;

/**
 * A supplier e-invoice received through the platform (« Factures reçues »): what the file says, where it is
 * in its lifecycle, and while it waits, the expense it would become or why it cannot become one.
 */
export const receivedInvoiceDto = z.object({
  id: z.string(),
  fileName: z.string(),
  receivedAt: z.string(),
  status: z.enum(receivedInvoiceStatuses),
  statusLabel: z.string(),
  supplier: z.string().nullable(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  grossCents: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  expenseId: z.string().nullable(),
  /** The answer could not reach the platform: why, and its next try (null when the tries ran out). */
  answerFailure: z.object({ message: z.string(), nextTryAt: z.string().nullable() }).nullable(),
  preview: supplierInvoicePreviewDto.nullable(),
  /** Why a waiting invoice cannot be confirmed (already imported, not in euros…); it can still be refused. */
  error: z.string().nullable(),
});
export type ReceivedInvoiceDto = z.infer<typeof receivedInvoiceDto>;

/** Refusing a received invoice: the reason goes back to the supplier through the platform. */
export const refuseReceivedInvoiceInput = z
  .object({
    reason: z
      .string({ error: "Indiquez le motif du refus." })
      .trim()
      .min(1, "Indiquez le motif du refus.")
      .max(500, "500 caractères au maximum."),
  })
  .strict();
export type RefuseReceivedInvoiceInput = z.infer<typeof refuseReceivedInvoiceInput>;

export const einvoiceStatusEventDto = z.object({
  status: z.enum(einvoiceStatuses),
  code: z.number().int(),
  label: z.string(),
  platform: z.string(),
  message: z.string().nullable(),
  /** The amount the status carries (the sum cashed, for « encaissée »). */
  amountCents: z.number().int().nullable(),
  occurredAt: z.string(),
});
export type EinvoiceStatusEventDto = z.infer<typeof einvoiceStatusEventDto>;

/** A deposit the platform has not taken yet: the last failure and when the job loop tries again. */
export const pendingDepositDto = z.object({
  error: z.string().nullable(),
  nextTryAt: z.string().nullable(),
});
export type PendingDepositDto = z.infer<typeof pendingDepositDto>;

export const statusEventOf = (event: {
  status: EinvoiceStatus;
  platform: string;
  message: string | null;
  amountCents: number | null;
  occurredAt: string;
}): EinvoiceStatusEventDto => ({
  ...event,
  code: EINVOICE_STATUSES[event.status].code,
  label: EINVOICE_STATUSES[event.status].label,
});
