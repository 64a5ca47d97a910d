/**
 * The commercial document (invoice or credit note) as the law and EN 16931 see it: parties, lines, VAT
 * breakdown per category and rate with its exemption reason, totals, dates and the coded mentions. Built
 * once from the stored document; the printed PDF and the Factur-X CII XML both render this, so what the
 * client reads and what the e-invoicing network receives cannot disagree (issue 13 §1).
 */

import { compactIdentifier } from "./identifiers";
import {
  earlyPaymentMention,
  insuranceMention,
  latePenaltyMention,
  type ProfessionalInsurance,
  RECOVERY_INDEMNITY_MENTION,
  registrationLine,
  VAT_FRANCHISE_MENTION,
  type VatRegime,
  vatMention,
} from "./legal-identity";
import { type OperationNature, operationNatureMention } from "./operation-nature";
import { computeTotals, type Discountable, type RateDiscount, type VatBreakdown } from "./totals";
import { applicableExemption, VAT_EXEMPTIONS, type VatExemption } from "./vat-exemptions";

export type DocumentAddress = {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
};

/** The seller as frozen on the document at issue (the stored `invoices.seller` fits). */
export type DocumentSeller = {
  legalName: string;
  companyName: string | null;
  siren: string | null;
  siret: string | null;
  apeCode: string | null;
  registrationMention: string | null;
  address: DocumentAddress;
  email: string | null;
  phone: string | null;
  vatRegime: VatRegime;
  vatNumber: string | null;
  vatOnDebits: boolean;
  iban: string | null;
  bic: string | null;
  latePenaltyRate: string | null;
  earlyPaymentDiscount: string | null;
  /** Absent on documents frozen before it was recorded. */
  insurance?: ProfessionalInsurance | null;
};

/** The buyer as frozen on the document at issue (the stored `invoices.buyer` fits). */
export type DocumentBuyer = {
  name: string;
  company: string | null;
  contactName: string | null;
  email: string | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  isBusiness: boolean;
  address: DocumentAddress;
};

export type SourceLine = {
  description: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  vatRateBp: number;
} & Discountable;

/**
 * UNTDID 5305 VAT categories Ardoise uses: standard rate, exempt (the franchise, art. 261, débours),
 * reverse charge, intra-community supply, export of goods outside the EU, services out of scope of French VAT
 * (art. 259-1). Zero rated (Z) is only what an old 0 % line without a reason reads as: issuing refuses it now.
 */
export type VatCategory = "S" | "Z" | "E" | "AE" | "K" | "G" | "O";

/** `grossCents` is quantity × unit price, `discountCents` the line's discount off it, `totalCents` the rest. */
export type DocumentLine = SourceLine & {
  grossCents: number;
  discountCents: number;
  totalCents: number;
  vatCategory: VatCategory;
};

/** The document discount's share on one VAT rate (EN 16931 BG-20), with that rate's category. */
export type DocumentAllowance = RateDiscount & { category: VatCategory; percentBp: number | null };

/** A deposit invoice a final invoice deducts. */
export type DeductedDeposit = { number: string; date: string; totalCents: number };

export type VatBreakdownEntry = VatBreakdown & {
  category: VatCategory;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
};

/**
 * The French reform's coded notes (UNTDID 4451): PMT the 40 € recovery indemnity, PMD the late-payment
 * penalties, AAB the early-payment discount, REG the seller's registration; null for a free note.
 */
export type NoteSubject = "PMT" | "PMD" | "AAB" | "REG" | null;
export type DocumentNote = { subject: NoteSubject; text: string; isPrinted: boolean };

/** The BAR note of the reform: who the buyer is decides the flow (e-invoicing, international, e-reporting). */
export type BuyerCategory = "B2B" | "B2BINT" | "B2C";

export type CommercialDocument = {
  kind: "facture" | "avoir";
  /** Null for a draft, which is printed but never sent as an e-invoice. */
  number: string | null;
  issueDate: string;
  dueDate: string | null;
  /** Date of the service, or its period when it spans several days. */
  service: { start: string; end: string | null } | null;
  seller: DocumentSeller;
  sellerSiren: string | null;
  buyer: DocumentBuyer;
  buyerSiren: string | null;
  buyerCategory: BuyerCategory;
  /** Goods, services or both: printed, and the e-invoice's framework (BT-23). */
  operationNature: OperationNature;
  /** Where the goods or services go when it is not the billing address (BG-13/BG-15). */
  deliveryAddress: DocumentAddress | null;
  isFranchise: boolean;
  /** The seller pays VAT on debits (its option): printed, and BT-8 of the e-invoice. */
  isVatOnDebits: boolean;
  /** A « facture d'acompte » (type 386). */
  isDeposit: boolean;
  lines: DocumentLine[];
  /** The lines' total after their discounts, before the document's (BT-106). */
  linesCents: number;
  /** The document discount, one entry per VAT rate (BT-107 their sum); empty without one. */
  allowances: DocumentAllowance[];
  vatBreakdown: VatBreakdownEntry[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  /** The deposit invoices a final invoice deducts, and their sum incl. VAT. */
  deposits: DeductedDeposit[];
  depositsCents: number;
  /** What is still owed: the total less the deposits and what was paid. */
  dueCents: number;
  /** BT-20: an invoice's payment terms, or how a credit note is settled. */
  paymentTerms: string | null;
  notes: DocumentNote[];
  /** The seller's free text on the document. */
  comment: string | null;
  /** A credit note's cancelled invoice (BT-25, BT-26). */
  precedingInvoice: { number: string; date: string } | null;
};

export type CommercialDocumentSource = {
  kind: "facture" | "avoir";
  number: string | null;
  date: string;
  serviceDate: string | null;
  serviceEndDate: string | null;
  dueDate: string | null;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  lines: readonly SourceLine[];
  /** The document discount, if any. */
  discountKind?: Discountable["discountKind"];
  discountValue?: number;
  isDeposit?: boolean;
  deposits?: readonly DeductedDeposit[];
  paidCents: number;
  paymentTerms: string | null;
  notes: string | null;
  precedingInvoice: { number: string; date: string } | null;
  operationNature: OperationNature;
  /** Why the 0 % lines carry no VAT, for a VAT-registered seller; null: none given. */
  vatExemption: VatExemption | null;
  deliveryAddress: DocumentAddress | null;
};

export const VATEX_FRANCHISE = "VATEX-FR-FRANCHISE";
export const NO_INDEMNITY_FOR_CONSUMERS =
  "Indemnité forfaitaire pour frais de recouvrement : non applicable (client non professionnel)";

/** A SIREN is the first nine digits of a SIRET. */
export function sirenOf(party: { siren: string | null; siret: string | null }): string | null {
  const siren = party.siren ? compactIdentifier(party.siren) : null;
  if (siren) return siren;
  return party.siret ? compactIdentifier(party.siret).slice(0, 9) : null;
}

function vatCategory(regime: VatRegime, rateBp: number, exemption: VatExemption | null): VatCategory {
  if (rateBp > 0) return "S";
  if (exemption) return VAT_EXEMPTIONS[exemption].category;
  return regime === "franchise" ? "E" : "Z";
}

/** The exemption reason printed and sent for a category: the applicable exemption, else the franchise's. */
function exemptionOf(category: VatCategory, exemption: VatExemption | null) {
  if (category === "S" || category === "Z") return { exemptionReason: null, exemptionReasonCode: null };
  // Without an exemption only the franchise makes a line exempt (see vatCategory).
  if (!exemption) return { exemptionReason: VAT_FRANCHISE_MENTION, exemptionReasonCode: VATEX_FRANCHISE };
  const { mention, code } = VAT_EXEMPTIONS[exemption];
  return { exemptionReason: mention, exemptionReasonCode: code };
}

function buyerCategory(buyer: DocumentBuyer): BuyerCategory {
  if (!buyer.isBusiness) return "B2C";
  return buyer.address.country === "FR" ? "B2B" : "B2BINT";
}

export function creditNoteSettlement(invoiceNumber: string): string {
  return `Avoir à déduire de la facture ${invoiceNumber} : aucun règlement à effectuer`;
}

/**
 * Builds the document from what is stored. Amounts come from the shared totals (one computation): a
 * credit note's lines are negative, so are its totals; the XML writer turns them into a positive type 381.
 */
export function buildCommercialDocument(source: CommercialDocumentSource): CommercialDocument {
  const { seller, buyer } = source;
  const isFranchise = seller.vatRegime === "franchise";
  const exemption = applicableExemption({
    chosen: source.vatExemption,
    isFranchise,
    nature: source.operationNature,
    buyer: { isBusiness: buyer.isBusiness, country: buyer.address.country },
  });
  const totals = computeTotals(source.lines, source);
  const lines = source.lines.map((line, index) => {
    const totalCents = totals.lineTotalsCents[index] ?? 0;
    const discountCents = totals.lineDiscountsCents[index] ?? 0;
    return {
      ...line,
      grossCents: totalCents + discountCents,
      discountCents,
      totalCents,
      vatCategory: vatCategory(seller.vatRegime, line.vatRateBp, exemption),
    };
  });
  const allowances = totals.documentDiscounts.map((share) => ({
    ...share,
    category: vatCategory(seller.vatRegime, share.vatRateBp, exemption),
    percentBp: source.discountKind === "percent" ? (source.discountValue ?? 0) : null,
  }));
  const deposits = [...(source.deposits ?? [])];
  const depositsCents = deposits.reduce((sum, deposit) => sum + deposit.totalCents, 0);
  const vatBreakdown = totals.byRate.map((rate) => {
    const category = vatCategory(seller.vatRegime, rate.vatRateBp, exemption);
    return { ...rate, category, ...exemptionOf(category, exemption) };
  });
  const isCreditNote = source.kind === "avoir";
  const category = buyerCategory(buyer);
  const paidCents = isCreditNote ? 0 : source.paidCents;
  const precedingNumber = source.precedingInvoice?.number;
  // The reform wants the PMT, PMD and AAB notes on every document; a credit note asks for no payment, so
  // its PDF does not print them, and a consumer owes no recovery indemnity.
  const paymentNote = (subject: NoteSubject, text: string, isPrinted = !isCreditNote) => ({
    subject,
    text,
    isPrinted,
  });
  // Under the franchise the VAT mention is the breakdown's exemption reason, printed from there.
  const taxMention = isFranchise ? null : vatMention(seller);
  const registration = registrationLine(seller);
  const insurance = insuranceMention(seller.insurance);
  const notes: (DocumentNote | null)[] = [
    taxMention ? { subject: null, text: taxMention, isPrinted: true } : null,
    { subject: null, text: operationNatureMention(source.operationNature), isPrinted: true },
    // Printed in the seller's block, with the SIREN.
    registration ? { subject: "REG", text: registration, isPrinted: false } : null,
    insurance ? { subject: null, text: insurance, isPrinted: true } : null,
    paymentNote("PMD", latePenaltyMention(seller)),
    category === "B2C"
      ? paymentNote("PMT", NO_INDEMNITY_FOR_CONSUMERS, false)
      : paymentNote("PMT", RECOVERY_INDEMNITY_MENTION),
    paymentNote("AAB", earlyPaymentMention(seller)),
  ];
  return {
    kind: source.kind,
    number: source.number,
    issueDate: source.date,
    dueDate: isCreditNote ? null : source.dueDate,
    service: source.serviceDate
      ? {
          start: source.serviceDate,
          end:
            source.serviceEndDate && source.serviceEndDate > source.serviceDate
              ? source.serviceEndDate
              : null,
        }
      : null,
    seller,
    sellerSiren: sirenOf(seller),
    buyer,
    buyerSiren: sirenOf(buyer),
    buyerCategory: category,
    operationNature: source.operationNature,
    deliveryAddress: source.deliveryAddress,
    isFranchise,
    isVatOnDebits: !isFranchise && seller.vatOnDebits,
    isDeposit: Boolean(source.isDeposit),
    lines,
    linesCents: totals.linesCents,
    allowances,
    vatBreakdown,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    paidCents,
    deposits,
    depositsCents,
    dueCents: totals.totalCents - depositsCents - paidCents,
    paymentTerms:
      isCreditNote && precedingNumber ? creditNoteSettlement(precedingNumber) : source.paymentTerms,
    notes: notes.filter((note): note is DocumentNote => note !== null),
    comment: source.notes,
    precedingInvoice: source.precedingInvoice,
  };
}
