import { z } from "zod";
import { VAT_RATES_BP } from "../domain/money";
import {
  type AllowedFileType,
  FILE_ERROR_MESSAGES,
  type FileDescription,
  type FileValidationResult,
  normalizeMimeType,
  validateFile,
} from "../security/file-validation";
import { atLeastOneField, isoDay, optionalText } from "./fields";
import { paymentMethodLabels } from "./invoices";
import { emptyIsAll, listQuery, listResult } from "./list";

export const expenseCategories = [
  "transport",
  "materiel",
  "formation",
  "repas",
  "hebergement",
  "autre",
] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];

export const expenseCategoryLabels: Record<ExpenseCategory, string> = {
  transport: "Transport",
  materiel: "Matériel",
  formation: "Formation",
  repas: "Repas",
  hebergement: "Hébergement",
  autre: "Autre",
};

export const expenseStatuses = ["pending", "validee", "remboursee"] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];

export const expenseStatusLabels: Record<ExpenseStatus, string> = {
  pending: "À valider",
  validee: "Validée",
  remboursee: "Remboursée",
};

/** A receipt is a photo or a scan: JPEG, PNG, WebP or PDF (a subset of the spec §5 types). */
export const RECEIPT_FILE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "application/pdf",
] as const satisfies readonly AllowedFileType[];
/** The spec's words first (§5 « Type de fichier non autorisé »), then which types a receipt may be. */
export const RECEIPT_TYPE_MESSAGE = `${FILE_ERROR_MESSAGES.typeNotAllowed} : le justificatif doit être une image JPEG, PNG, WebP ou un PDF`;

/** Spec §5 rules, then the receipt's narrower types (the server checks the same, plus the content). */
export function validateReceiptFile(file: FileDescription): FileValidationResult {
  const result = validateFile(file);
  if (!result.valid)
    return result.error === FILE_ERROR_MESSAGES.typeNotAllowed
      ? { valid: false, error: RECEIPT_TYPE_MESSAGE }
      : result;
  const isReceiptType = (RECEIPT_FILE_TYPES as readonly string[]).includes(normalizeMimeType(file.type));
  return isReceiptType ? result : { valid: false, error: RECEIPT_TYPE_MESSAGE };
}

/**
 * The VAT included in an amount TTC at a rate (basis points), rounded half away from zero to the cent:
 * 120,00 € TTC at 20 % holds 20,00 € of VAT. The default when the receipt's own VAT figure is not typed.
 */
export function vatIncludedCents(amountCents: number, vatRateBp: number): number {
  if (vatRateBp === 0) return 0;
  const net = (amountCents * 10_000) / (10_000 + vatRateBp);
  return Math.round(amountCents - net);
}

/** How an expense was paid: the same methods as an invoice's payments; the registre des achats lists it. */
export type ExpensePaymentMethod = keyof typeof paymentMethodLabels;
export const expensePaymentMethods = Object.keys(paymentMethodLabels) as [
  ExpensePaymentMethod,
  ...ExpensePaymentMethod[],
];

const vatRate = z.union(
  VAT_RATES_BP.map((rate) => z.literal(rate)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
  { error: "Taux de TVA non proposé (20 ; 10 ; 5,5 ; 2,1 ou 0 %)." },
);

/** The fields of an expense; an imported e-invoice's confirmation picks the ones the user may change. */
export const expenseFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Indiquez l'intitulé de la dépense.")
    .max(200, "200 caractères au maximum."),
  description: optionalText(5000),
  supplier: optionalText(200),
  amountCents: z
    .number({ error: "Indiquez le montant." })
    .int("Montant en centimes entiers.")
    .positive("Le montant doit être positif.")
    .max(100_000_000, "Montant trop élevé (1 000 000 € au maximum)."),
  /** The VAT on the receipt; computed from the rate when omitted. */
  vatCents: z
    .number({ error: "Montant de TVA invalide." })
    .int("Montant en centimes entiers.")
    .min(0, "La TVA ne peut pas être négative.")
    .optional(),
  vatRateBp: vatRate.default(2000),
  category: z.enum(expenseCategories, { error: "Catégorie inconnue." }).default("autre"),
  date: isoDay.optional(),
  status: z
    .enum(expenseStatuses, { error: "Statut inconnu (à valider, validée ou remboursée)." })
    .default("pending"),
  projectId: z.uuid("Projet invalide.").nullish(),
  paymentMethod: z.enum(expensePaymentMethods, { error: "Mode de paiement inconnu." }).nullish(),
});

const vatNotAboveAmount = (value: { amountCents?: number; vatCents?: number }, context: z.RefinementCtx) => {
  if (value.vatCents !== undefined && value.amountCents !== undefined && value.vatCents > value.amountCents)
    context.addIssue({
      code: "custom",
      path: ["vatCents"],
      message: "La TVA ne peut pas dépasser le montant TTC.",
    });
};

export const createExpenseInput = expenseFields.strict().superRefine(vatNotAboveAmount);

/** What an imported e-invoice sets on its expense, checked by the same rules when the file is previewed. */
export const importedExpenseFields = expenseFields
  .pick({ amountCents: true, vatCents: true, date: true })
  .superRefine(vatNotAboveAmount);
export type CreateExpenseInput = z.input<typeof createExpenseInput>;
export type CreateExpenseData = z.output<typeof createExpenseInput>;

// Defaults belong to creation only: a PATCH that omits a field leaves it unchanged.
export const updateExpenseInput = atLeastOneField(
  z
    .object({
      ...expenseFields.shape,
      vatRateBp: vatRate.optional(),
      category: expenseFields.shape.category.removeDefault().optional(),
      status: expenseFields.shape.status.removeDefault().optional(),
    })
    .partial()
    .strict()
    .superRefine(vatNotAboveAmount),
);
export type UpdateExpenseInput = z.input<typeof updateExpenseInput>;
export type UpdateExpenseData = z.output<typeof updateExpenseInput>;

export const receiptDto = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type ReceiptDto = z.infer<typeof receiptDto>;

/** What a supplier document imported as an expense is: a deposit (acompte) and a credit note count apart. */
export const supplierDocumentKinds = ["invoice", "deposit", "credit_note"] as const;
export type SupplierDocumentKind = (typeof supplierDocumentKinds)[number];
export const supplierDocumentKindLabels: Record<SupplierDocumentKind, string> = {
  invoice: "Facture",
  deposit: "Facture d'acompte",
  credit_note: "Avoir",
};

/**
 * One VAT rate of an imported invoice, in euros (BG-23): foreign VAT, or a rate French law does not have,
 * is kept as the invoice says it but is not deductible; the expense's VAT is the sum of the deductible ones.
 */
export const expenseVatLine = z.object({
  category: z.string(),
  rateBp: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  isDeductible: z.boolean(),
});
export type ExpenseVatLine = z.infer<typeof expenseVatLine>;

export const expenseDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  supplier: z.string().nullable(),
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  vatRateBp: z.number().int(),
  category: z.enum(expenseCategories),
  date: z.string(),
  status: z.enum(expenseStatuses),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  paymentMethod: z.enum(expensePaymentMethods).nullable(),
  receipt: receiptDto.nullable(),
  /** Set when imported from a supplier e-invoice. */
  supplierSiren: z.string().nullable(),
  supplierInvoiceNumber: z.string().nullable(),
  supplierDocumentKind: z.enum(supplierDocumentKinds).nullable(),
  /** VAT per rate of an imported invoice (empty for an expense typed by hand). */
  vatLines: z.array(expenseVatLine),
  /** The invoice's currency; the amounts above are in euros. */
  currency: z.string(),
  originalAmountCents: z.number().int().nullable(),
  exchangeRate: z.string().nullable(),
  /** The imported expense a credit note corrects or a final invoice deducts (its deposit). */
  relatedExpenseId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExpenseDto = z.infer<typeof expenseDto>;

export const expenseListQuery = listQuery.extend({
  status: emptyIsAll(z.enum(expenseStatuses, { error: "Statut inconnu." })),
  category: emptyIsAll(z.enum(expenseCategories, { error: "Catégorie inconnue." })),
});
export type ExpenseListQuery = z.input<typeof expenseListQuery>;

export const expenseList = listResult(expenseDto);
export type ExpenseList = z.infer<typeof expenseList>;
