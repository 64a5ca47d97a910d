import { z } from "zod";
import { compactIdentifier, isValidSiren } from "../domain/identifiers";
import { type InvoiceStatus, invoiceStatusLabels } from "../domain/invoice-status";
import { TYPED_BUSINESS_SIREN_MESSAGE } from "../domain/legal-identity";
import { VAT_RATES_BP } from "../domain/money";
import { type OperationNature, operationNatures } from "../domain/operation-nature";
import {
  DISCOUNT_KINDS,
  type Discountable,
  discountProblem,
  type LineInput as TotalsLine,
} from "../domain/totals";
import { type VatExemption, vatExemptions } from "../domain/vat-exemptions";
import { atLeastOneField, isoDay } from "./fields";
import { listQuery } from "./list";

// Defined with the domain, without zod (the list screen reads them); every schema user finds them here too.
export { type InvoiceStatus, invoiceStatusLabels };

const addressText = (max: number) => z.string().trim().max(max, `${max} caractères au maximum.`);
/** A postal address; `of` names it in the messages (« de livraison », « du client »). */
const postalAddressInput = (of: string) =>
  z.object({
    line1: addressText(200).min(1, `Indiquez l'adresse ${of}.`),
    line2: addressText(200)
      .optional()
      .transform((value) => value || null),
    postalCode: addressText(10).min(1, `Indiquez le code postal ${of}.`),
    city: addressText(100).min(1, `Indiquez la ville ${of}.`),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Choisissez un pays.")
      .default("FR"),
  });
/** Where the goods or services go when it is not the billing address (printed, and BG-15 of the e-invoice). */
export const deliveryAddressInput = postalAddressInput("de livraison");
export type DeliveryAddressInput = z.input<typeof deliveryAddressInput>;

/**
 * A client typed on the invoice instead of chosen among the client records (issue 28): the law still wants
 * its address (art. 242 nonies A du CGI), and a French business is named by its SIREN (BT-47), checked by its
 * Luhn key here and again at issue.
 */
export const typedBuyerInput = z
  .object({
    isBusiness: z.boolean({ error: "Indiquez s'il s'agit d'un particulier ou d'une entreprise." }),
    siren: z
      .string()
      .trim()
      .max(20)
      .optional()
      .transform((value) => (value ? compactIdentifier(value) : null)),
    address: postalAddressInput("du client"),
  })
  .superRefine((buyer, context) => {
    if (!buyer.isBusiness || buyer.address.country !== "FR") return;
    if (!buyer.siren)
      context.addIssue({ code: "custom", path: ["siren"], message: TYPED_BUSINESS_SIREN_MESSAGE });
    else if (!isValidSiren(buyer.siren))
      context.addIssue({
        code: "custom",
        path: ["siren"],
        message: "Ce SIREN n'est pas valide (9 chiffres, clé de contrôle).",
      });
  });
export type TypedBuyerInput = z.input<typeof typedBuyerInput>;

/**
 * A discount (issue 13 §1), on a line or on the whole document: `discountValue` is basis points for a
 * percentage (1000 = 10 %), cents for an amount. Whether it fits its base is checked with the lines.
 */
export const discountFields = {
  discountKind: z
    .enum(DISCOUNT_KINDS, { error: "Remise en pourcentage ou en montant." })
    .nullable()
    .optional(),
  discountValue: z
    .number()
    .int("Remise en centimes ou centièmes de pour cent entiers.")
    .min(0, "Une remise ne peut pas être négative.")
    .max(100_000_000)
    .optional(),
};

/** The discounts' one rule (src/shared/domain/totals.ts) as a zod refinement of a document's input. */
export function refineDiscounts(input: Discountable & { lines?: TotalsLine[] }, context: z.RefinementCtx) {
  const problem = input.lines ? discountProblem(input.lines, input) : null;
  if (problem) context.addIssue({ code: "custom", path: problem.path, message: problem.message });
}

export const lineInput = z.object({
  description: z.string().trim().min(1, "Décrivez la prestation.").max(2000, "2 000 caractères au maximum."),
  quantity: z
    .number()
    .positive("La quantité doit être positive.")
    .max(1_000_000)
    .multipleOf(0.001, "3 décimales au maximum."),
  unit: z.string().trim().max(30).optional(),
  unitPriceCents: z
    .number()
    .int("Montant en centimes entiers.")
    .min(0, "Le prix unitaire ne peut pas être négatif.")
    .max(100_000_000),
  vatRateBp: z.union(
    VAT_RATES_BP.map((rate) => z.literal(rate)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    {
      error: "Taux de TVA non proposé (20 ; 10 ; 5,5 ; 2,1 ou 0 %).",
    },
  ),
  ...discountFields,
});
export type LineInput = z.infer<typeof lineInput>;

const invoiceFields = z.object({
  clientId: z.uuid("Client invalide.").optional(),
  clientName: z.string().trim().min(1, "Indiquez le client.").max(200),
  /** Without a client record: who the typed client is (consumer or business) and its address. */
  typedBuyer: typedBuyerInput.nullable().optional(),
  projectId: z.uuid().optional(),
  serviceDate: isoDay.optional(),
  /** Last day of a service given as a period (the first is serviceDate). */
  serviceEndDate: isoDay.optional(),
  /** Goods, services or both; absent or null: the seller's default, frozen at issue. */
  operationNature: z.enum(operationNatures, { error: "Biens, services ou mixte." }).nullable().optional(),
  /** Why the 0 % lines carry no VAT (VAT-registered seller); null: none. */
  vatExemption: z.enum(vatExemptions, { error: "Motif d'exonération inconnu." }).nullable().optional(),
  deliveryAddress: deliveryAddressInput.nullable().optional(),
  /** A due date chosen on the draft; issuing keeps it when it is not past, else applies the payment terms. */
  dueDate: isoDay.optional(),
  notes: z.string().trim().max(5000).optional(),
  lines: z.array(lineInput).min(1, "Ajoutez au moins une ligne.").max(200, "200 lignes au maximum."),
  ...discountFields,
  /** A « facture d'acompte » (type 386). */
  isDeposit: z.boolean().optional(),
  /** The deposit invoices this (final) invoice deducts. */
  depositInvoiceIds: z.array(z.uuid("Facture d'acompte invalide.")).max(50).optional(),
});

export const createInvoiceInput = invoiceFields.superRefine(refineDiscounts);
export type CreateInvoiceInput = z.infer<typeof createInvoiceInput>;

export const updateInvoiceInput = atLeastOneField(invoiceFields.partial().superRefine(refineDiscounts));
export type UpdateInvoiceInput = z.infer<typeof updateInvoiceInput>;

export const paymentMethodLabels = {
  virement: "Virement",
  carte: "Carte bancaire",
  cheque: "Chèque",
  especes: "Espèces",
  stripe: "Paiement en ligne",
  autre: "Autre",
} as const;

export const recordPaymentInput = z.object({
  amountCents: z.number().int().positive("Le montant doit être positif."),
  paidOn: isoDay.optional(),
  method: z.enum(Object.keys(paymentMethodLabels) as [keyof typeof paymentMethodLabels]).default("virement"),
  reference: z.string().trim().max(200).optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

/** A refund to the client is typed as a positive amount and stored as a negative payment. */
export const recordRefundInput = recordPaymentInput;

/**
 * A partial credit note (avoir): the lines it takes back, typed as positive amounts; it cannot take back
 * more than what is left to credit on the invoice, rate by rate.
 */
export const createCreditNoteInput = z.object({
  lines: z.array(lineInput).min(1, "Ajoutez au moins une ligne.").max(200, "200 lignes au maximum."),
  notes: z.string().trim().max(5000, "5 000 caractères au maximum.").optional(),
});
export type CreateCreditNoteInput = z.infer<typeof createCreditNoteInput>;

export const invoiceListQuery = listQuery.extend({
  status: z.enum(Object.keys(invoiceStatusLabels) as [InvoiceStatus]).optional(),
});

export type InvoiceLineDto = LineInput & { id: string; position: number; totalCents: number };

type PostalAddress = {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
};

/** The seller's identity as frozen on the invoice when it was issued. */
export type InvoiceSellerDto = {
  legalName: string;
  companyName: string | null;
  siren: string | null;
  siret: string | null;
  apeCode: string | null;
  address: PostalAddress;
  email: string | null;
  phone: string | null;
  vatRegime: "franchise" | "assujetti";
  vatNumber: string | null;
  iban: string | null;
  bic: string | null;
};

/** The buyer's identity as frozen on the invoice when it was issued. */
export type InvoiceBuyerDto = {
  name: string;
  company: string | null;
  contactName: string | null;
  email: string | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  isBusiness: boolean;
  address: PostalAddress;
};

export type InvoicePaymentDto = {
  id: string;
  amountCents: number;
  paidOn: string;
  method: keyof typeof paymentMethodLabels;
  reference: string | null;
};
/** One of an invoice's 7 / 3 / 0-day reminders (spec): planned for a day, sent, or cancelled (paid, cancelled invoice). */
export type InvoiceReminderDto = {
  id: string;
  /** Days before the due date it is sent (0: on the due date; negative: after it). */
  daysBeforeDue: number;
  scheduledFor: string;
  status: "pending" | "sent" | "cancelled";
  sentAt: string | null;
};
export type InvoiceDto = {
  id: string;
  kind: "facture" | "avoir";
  invoiceNumber: string | null;
  clientId: string | null;
  clientName: string;
  projectId: string | null;
  creditedInvoiceId: string | null;
  date: string;
  serviceDate: string | null;
  dueDate: string | null;
  status: InvoiceStatus;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  discountKind: "percent" | "amount" | null;
  discountValue: number;
  paidCents: number;
  isDeposit: boolean;
  /** The deposits a final invoice deducts, incl. VAT. */
  depositsCents: number;
  /** What credit notes took off this invoice, incl. VAT. */
  creditedCents: number;
  /** What an issued invoice still asks for; 0 for a draft, a credit note or a cancelled invoice. */
  dueCents: number;
  notes: string | null;
  issuedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  paymentTerms: string | null;
  /** Null on a draft that takes the seller's default. */
  operationNature: OperationNature | null;
  vatExemption: VatExemption | null;
  deliveryAddress: PostalAddress | null;
  /** Null while draft: a draft prints the seller's current identity. */
  seller: InvoiceSellerDto | null;
  buyer: InvoiceBuyerDto | null;
  lines: InvoiceLineDto[];
  /** On the detail only: the payments received, oldest first. */
  payments: InvoicePaymentDto[];
  /** The credit note that cancelled this invoice, if any. */
  creditNoteId: string | null;
  /** On the detail only: every credit note against this invoice, partial or total. */
  creditNotes: { id: string; invoiceNumber: string | null; totalCents: number }[];
  /** On the detail only: the deposit invoices a final invoice deducts. */
  deposits: { id: string; invoiceNumber: string | null; date: string; totalCents: number }[];
};

export const sendInvoiceInput = z.object({
  to: z.string().trim().email("Adresse e-mail invalide").optional(),
  message: z.string().trim().min(1, "Écrivez un message.").max(5000, "5 000 caractères au maximum."),
  /** Sending a draft issues it first: the user must have confirmed it. */
  issueDraft: z.boolean().default(false),
});
export type SendInvoiceInput = z.infer<typeof sendInvoiceInput>;

/**
 * What still keeps a draft from being issued, from the same rule as the issue itself (issue 31 §21): each
 * problem in French, with where it is fixed — the invoice, the seller's identity in the settings, or the
 * client's record (`clientId`).
 */
export type IssueProblemDto = {
  fix: "invoice" | "identity" | "client";
  message: string;
  clientId?: string;
};
export type IssueReadinessDto = { problems: IssueProblemDto[] };
