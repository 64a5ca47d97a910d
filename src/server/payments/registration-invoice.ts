import {
  buildCommercialDocument,
  type DocumentBuyer,
  type DocumentSeller,
} from "@shared/domain/commercial-document";
import { parisToday, yearOf } from "@shared/domain/dates";
import { computeTotals, unitPriceForTotalCents } from "@shared/domain/totals";
import { formatDate } from "@shared/format";
import { registrationOffer } from "@shared/offer";
import type { RegistrationInvoiceDto } from "@shared/schemas/settings";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  businessIdentities,
  type RegistrationInvoiceSeries,
  registrationInvoiceCounters,
  registrationInvoices,
  registrationPayments,
  user,
} from "../db/schema/index";
import { withTenant } from "../db/tenant";
import type { Env } from "../env";
import { AppError } from "../errors";
import { workerPool } from "../workers/pool";

// Issue 31 item 23, decision 021: the buyer of the 59 € registration gets an invoice from the operator.

export const REGISTRATION_INVOICE_PATH = "/api/settings/registration-invoice";
export const STANDARD_VAT_RATE_BP = 2000;
export const TEST_INVOICE_MENTION = "Facture d'essai — paiement de test, sans valeur";
export const NO_REGISTRATION_INVOICE_MESSAGE = "Aucune facture d'inscription n'existe pour ce compte.";

type OperatorEnv = Pick<
  Env,
  | "OPERATOR_LEGAL_NAME"
  | "OPERATOR_LEGAL_FORM"
  | "OPERATOR_SIREN"
  | "OPERATOR_ADDRESS"
  | "OPERATOR_REGISTRATION"
  | "OPERATOR_VAT_NUMBER"
  | "OPERATOR_EMAIL"
>;

const noAddress = { line1: null, line2: null, postalCode: null, city: null, country: "FR" };

/** A seller with nothing said but its name: the fields an operator's invoice never prints. */
const BLANK_SELLER: DocumentSeller = {
  legalName: "",
  companyName: null,
  siren: null,
  siret: null,
  apeCode: null,
  registrationMention: null,
  address: noAddress,
  email: null,
  phone: null,
  vatRegime: "franchise",
  vatNumber: null,
  vatOnDebits: false,
  iban: null,
  bic: null,
  latePenaltyRate: null,
  earlyPaymentDiscount: null,
  insurance: null,
};

/** The operator as the invoice's seller, or null when this deployment has not named it (local mode). */
export function operatorSeller(env: OperatorEnv): DocumentSeller | null {
  const name = env.OPERATOR_LEGAL_NAME;
  const form = env.OPERATOR_LEGAL_FORM;
  if (!name || !form || !env.OPERATOR_SIREN || !env.OPERATOR_ADDRESS) return null;
  const endsWithForm = name.toLowerCase().endsWith(` ${form.toLowerCase()}`);
  return {
    ...BLANK_SELLER,
    legalName: endsWithForm ? name : `${name} ${form}`,
    siren: env.OPERATOR_SIREN,
    registrationMention: env.OPERATOR_REGISTRATION ?? null,
    address: { ...noAddress, line1: env.OPERATOR_ADDRESS },
    email: env.OPERATOR_EMAIL ?? null,
    vatRegime: env.OPERATOR_VAT_NUMBER ? "assujetti" : "franchise",
    vatNumber: env.OPERATOR_VAT_NUMBER ?? null,
  };
}

/** Who sells on a test document when no operator is configured: said plainly, never a made-up company. */
const UNCONFIGURED_SELLER: DocumentSeller = {
  ...BLANK_SELLER,
  legalName: "Vendeur non configuré (mode local)",
  companyName: "Les variables OPERATOR_… de ce serveur ne sont pas définies",
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Issues the invoice of one paid checkout session, in the caller's transaction (fulfilment's, which holds
 * the payment row's lock, so two calls for one session are serialised): a second call finds the first
 * invoice and adds none. The number comes from the deployment-wide counter row, locked until commit, so
 * concurrent payments on several instances get consecutive numbers, and a rollback leaves no gap.
 */
export async function issueRegistrationInvoice(
  tx: Tx,
  {
    env,
    userId,
    checkoutSessionId,
    isTestPayment,
    paidAt,
    date = parisToday(paidAt),
  }: {
    env: OperatorEnv;
    userId: string;
    checkoutSessionId: string;
    isTestPayment: boolean;
    paidAt: Date;
    /** The issue date: the payment's day, unless the invoice is made later (see getRegistrationInvoice). */
    date?: string;
  },
) {
  const [existing] = await tx
    .select()
    .from(registrationInvoices)
    .where(eq(registrationInvoices.checkoutSessionId, checkoutSessionId));
  if (existing) return existing;

  const operator = operatorSeller(env);
  const isTest = isTestPayment || !operator;
  const seller = operator ?? UNCONFIGURED_SELLER;
  const series: RegistrationInvoiceSeries = isTest ? "ESSAI" : "ARD";
  const year = yearOf(date);
  const [counter] = await tx
    .insert(registrationInvoiceCounters)
    .values({ series, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [registrationInvoiceCounters.series, registrationInvoiceCounters.year],
      set: { lastValue: sql`${registrationInvoiceCounters.lastValue} + 1` },
    })
    .returning({ lastValue: registrationInvoiceCounters.lastValue });
  const number = `${series}-${year}-${String(counter?.lastValue ?? 1).padStart(6, "0")}`;

  const vatRateBp = seller.vatRegime === "assujetti" ? STANDARD_VAT_RATE_BP : 0;
  const unitPriceCents = unitPriceForTotalCents(registrationOffer.priceCents, vatRateBp);
  const totals = computeTotals([{ quantity: 1, unitPriceCents, vatRateBp }]);
  const [inserted] = await tx
    .insert(registrationInvoices)
    .values({
      userId,
      checkoutSessionId,
      number,
      date,
      paidAt,
      isTest,
      seller,
      buyer: await buyerOf(tx, userId),
      description: registrationOffer.invoiceLabel,
      unitPriceCents,
      vatRateBp,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    })
    .returning();
  if (!inserted) throw new Error("registration invoice not inserted");
  return inserted;
}

/** The buyer as known at issue: the account's name and e-mail, and the business identity when filled in. */
async function buyerOf(tx: Tx, userId: string): Promise<DocumentBuyer> {
  const [[owner], [identity]] = await Promise.all([
    tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)),
    tx.select().from(businessIdentities).where(eq(businessIdentities.userId, userId)),
  ]);
  const business = identity?.companyName?.trim() || identity?.legalName?.trim() || null;
  return {
    name: owner?.name || owner?.email || "",
    company: business,
    contactName: business ? owner?.name || null : null,
    email: owner?.email ?? null,
    siren: identity?.siren || null,
    siret: identity?.siret || null,
    vatNumber: identity?.vatNumber || null,
    // Ardoise sells to professionals: the B2B mentions (40 € indemnity) apply.
    isBusiness: true,
    address: identity
      ? {
          line1: identity.addressLine1,
          line2: identity.addressLine2,
          postalCode: identity.postalCode,
          city: identity.city,
          country: identity.country,
        }
      : noAddress,
  };
}

type RegistrationInvoiceRow = typeof registrationInvoices.$inferSelect;

export function registrationInvoiceDto(row: RegistrationInvoiceRow): RegistrationInvoiceDto {
  return {
    number: row.number,
    date: row.date,
    paidAt: row.paidAt.toISOString(),
    isTest: row.isTest,
    vatRateBp: row.vatRateBp,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    pdfUrl: `${REGISTRATION_INVOICE_PATH}/pdf`,
  };
}

/**
 * The user's registration invoice (their latest, should they have paid twice). An account paid before
 * invoices existed has none: it is made now from the recorded payment, which holds what an invoice needs
 * (session, provider, amount, paid_at). Its issue date is then today, not the payment's day: the series must
 * stay chronological, and backdating it behind invoices already issued would break that; the payment's
 * own date is still printed (« Facture acquittée le … »). The buyer's identity is the one known today.
 */
export async function getRegistrationInvoice(
  db: Db,
  { userId, env, now = new Date() }: { userId: string; env: OperatorEnv; now?: Date },
): Promise<RegistrationInvoiceRow> {
  const latest = () =>
    withTenant(db, userId, async (tx) => {
      const [row] = await tx
        .select()
        .from(registrationInvoices)
        .where(eq(registrationInvoices.userId, userId))
        .orderBy(desc(registrationInvoices.createdAt))
        .limit(1);
      return row;
    });
  const found = await latest();
  if (found) return found;
  // registration_payments is a system table (no row-level security): read as the owner, for this user only.
  const created = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(registrationPayments)
      .where(and(eq(registrationPayments.userId, userId), eq(registrationPayments.status, "paid")))
      .orderBy(desc(registrationPayments.paidAt))
      .limit(1)
      .for("update");
    if (!payment?.paidAt || payment.amountCents !== registrationOffer.priceCents) return null;
    return issueRegistrationInvoice(tx, {
      env,
      userId,
      checkoutSessionId: payment.checkoutSessionId,
      isTestPayment: payment.provider === "local",
      paidAt: payment.paidAt,
      date: parisToday(now),
    });
  });
  if (!created) throw new AppError("not_found", NO_REGISTRATION_INVOICE_MESSAGE);
  return created;
}

/**
 * The invoice's PDF: rendered once in the worker pool from the frozen record, kept in the row, and served
 * unchanged afterwards. Two first downloads at once both render, and both answer the copy kept first.
 */
export async function getRegistrationInvoicePdf(
  db: Db,
  { userId, env }: { userId: string; env: OperatorEnv },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const row = await getRegistrationInvoice(db, { userId, env });
  const filename = `Facture-${row.number}.pdf`;
  if (row.pdf) return { filename, bytes: row.pdf };
  const bytes = await workerPool().run("renderCommercialDocumentPdf", printable(row), { owner: userId });
  const kept = await withTenant(db, userId, async (tx) => {
    await tx
      .update(registrationInvoices)
      .set({ pdf: bytes, pdfGeneratedAt: new Date() })
      .where(
        and(
          eq(registrationInvoices.id, row.id),
          eq(registrationInvoices.userId, userId),
          isNull(registrationInvoices.pdf),
        ),
      );
    const [stored] = await tx
      .select({ pdf: registrationInvoices.pdf })
      .from(registrationInvoices)
      .where(and(eq(registrationInvoices.id, row.id), eq(registrationInvoices.userId, userId)));
    return stored?.pdf;
  });
  return { filename, bytes: kept ?? bytes };
}

/** The commercial document of the frozen record: the same model, totals and mentions as every invoice. */
function printable(row: RegistrationInvoiceRow) {
  const paidDay = parisToday(row.paidAt);
  const document = buildCommercialDocument({
    kind: "facture",
    number: row.number,
    date: row.date,
    serviceDate: paidDay,
    serviceEndDate: null,
    dueDate: null,
    seller: row.seller,
    buyer: row.buyer,
    lines: [
      {
        description: row.description,
        quantity: 1,
        unit: null,
        unitPriceCents: row.unitPriceCents,
        vatRateBp: row.vatRateBp,
      },
    ],
    paidCents: row.totalCents,
    paymentTerms: `Facture acquittée le ${formatDate(paidDay)} par carte bancaire`,
    notes: null,
    precedingInvoice: null,
    operationNature: "services",
    vatExemption: null,
    deliveryAddress: null,
  });
  return {
    document,
    extras: {
      footer: null,
      logo: null,
      showsBuyerEmail: true,
      ...(row.isTest ? { specimen: TEST_INVOICE_MENTION } : {}),
    },
  };
}
