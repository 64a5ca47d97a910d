/**
 * The seller identity French law requires on every invoice (Code de commerce L441-9 and R123-237, CGI
 * art. 242 nonies A), and the mentions it makes the invoice print. Forms, the settings API, invoice issuing
 * and the PDF all read these functions, so "what is missing" and "what is printed" cannot drift apart.
 */

import { formatCount } from "../format";

export type VatRegime = "franchise" | "assujetti";

/** The fields these rules read; a form's values, a DTO and a database row all fit. */
export type LegalIdentityFields = {
  legalName?: string | null;
  siren?: string | null;
  siret?: string | null;
  addressLine1?: string | null;
  postalCode?: string | null;
  city?: string | null;
  vatRegime?: VatRegime | null;
  vatNumber?: string | null;
  vatOnDebits?: boolean | null;
  activityCategory?: string | null;
  registrationMention?: string | null;
  paymentTermsDays?: number | null;
  latePenaltyRate?: string | null;
  earlyPaymentDiscount?: string | null;
};

export const VAT_FRANCHISE_MENTION = "TVA non applicable, art. 293 B du CGI";
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";
// Code de commerce D441-5: a fixed 40 € for every business client, written as the law writes it.
export const RECOVERY_INDEMNITY_MENTION = "Indemnité forfaitaire pour frais de recouvrement : 40 €";
export const NO_EARLY_DISCOUNT_MENTION = "Pas d'escompte pour paiement anticipé";
export const DEFAULT_LATE_PENALTY_RATE = "3 fois le taux d'intérêt légal";
/** LME (Code de commerce L441-10): at most 60 days after the invoice date. */
export const MAX_PAYMENT_TERMS_DAYS = 60;

export const MISSING_LABELS = {
  legalName: "Nom avec la mention EI",
  registration: "SIREN ou SIRET",
  address: "Adresse",
  postalCode: "Code postal",
  city: "Ville",
  vatNumber: "Numéro de TVA (assujetti)",
  registrationMention: "Mention RCS / RM (commerçant ou artisan)",
  paymentTerms: "Conditions de paiement",
  latePenaltyRate: "Taux des pénalités de retard",
} as const;

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * Since 15 May 2022 an individual entrepreneur's name is followed or preceded by "entrepreneur individuel"
 * or "EI" on every invoice and document. "EI" must stand alone ("Dupont EI", "EI Dupont", "Dupont (E.I.)"),
 * not inside a word ("Reine" does not count).
 */
export function hasIndividualEntrepreneurMention(name: string): boolean {
  return (
    /(?:^|[^\p{L}\p{N}])E\.?I\.?(?=$|[^\p{L}\p{N}])/u.test(name) || /entrepreneur individuel/i.test(name)
  );
}

/** What is missing to issue an invoice, as French labels, in the order the form shows the fields. */
export function missingForInvoicing(identity: LegalIdentityFields): string[] {
  const missing: string[] = [];
  const name = identity.legalName?.trim() ?? "";
  if (!name || !hasIndividualEntrepreneurMention(name)) missing.push(MISSING_LABELS.legalName);
  if (!filled(identity.siren) && !filled(identity.siret)) missing.push(MISSING_LABELS.registration);
  if (!filled(identity.addressLine1)) missing.push(MISSING_LABELS.address);
  if (!filled(identity.postalCode)) missing.push(MISSING_LABELS.postalCode);
  if (!filled(identity.city)) missing.push(MISSING_LABELS.city);
  if (identity.vatRegime === "assujetti" && !filled(identity.vatNumber))
    missing.push(MISSING_LABELS.vatNumber);
  if (registrationMentionProblem(identity)) missing.push(MISSING_LABELS.registrationMention);
  const terms = identity.paymentTermsDays;
  if (typeof terms !== "number" || !Number.isInteger(terms) || terms < 0)
    missing.push(MISSING_LABELS.paymentTerms);
  if (!filled(identity.latePenaltyRate)) missing.push(MISSING_LABELS.latePenaltyRate);
  return missing;
}

/**
 * What the settings' « identité complète » and the dashboard's first step both wait for (issue 31 §21, one
 * rule): what invoicing needs, and the activity category, which decides the RCS / RM mention and the
 * URSSAF figures.
 */
export function missingForSetup(identity: LegalIdentityFields): string[] {
  const missing = missingForInvoicing(identity);
  return identity.activityCategory ? missing : [...missing, "Catégorie d'activité"];
}

export const REGISTRATION_EXEMPT_MENTION = "Dispensé d'immatriculation au RCS et au RM";
export const REGISTRATION_MENTION_MESSAGE =
  "Commerçant ou artisan : indiquez « RCS » ou « RM » suivi de la ville d'immatriculation (par ex. « RCS Lyon »), ou « Dispensé d'immatriculation au RCS et au RM ».";

const REGISTRATION_EXEMPT_PATTERN = /^Dispensée? d['’]immatriculation au RCS et au RM$/i;
/** "RCS Lyon", "RM Marseille", "RCS Lyon 123 456 789", "RM 13": the register, then where. */
const REGISTRATION_PATTERN = /^(RCS|RM)\s+(\p{L}[\p{L}\s'’-]*?|\d{2,3}|2[AB])(\s+[\d\s]+)?$/u;

/**
 * Code de commerce R123-237: a trader (vente, services BIC) shows the register it is entered in, RCS for
 * commerçants, RM for artisans, with the city of its registry, or that it is exempt; a liberal profession
 * (BNC) is in neither register. The French message, or null when the mention is right or not needed.
 */
export function registrationMentionProblem(
  identity: Pick<LegalIdentityFields, "activityCategory" | "registrationMention">,
): string | null {
  const mention = identity.registrationMention?.trim() ?? "";
  const isTrader = identity.activityCategory === "vente" || identity.activityCategory === "services-bic";
  if (!isTrader) return null;
  if (!mention) return REGISTRATION_MENTION_MESSAGE;
  if (REGISTRATION_EXEMPT_PATTERN.test(mention) || REGISTRATION_PATTERN.test(mention)) return null;
  return REGISTRATION_MENTION_MESSAGE;
}

/**
 * The registration as printed: « RCS Lyon 123 456 789 » (the register, its city, then the SIREN the
 * registry knows the business by), or the exemption as written.
 */
export function registrationLine(seller: {
  registrationMention: string | null;
  siren: string | null;
  siret: string | null;
}): string | null {
  const mention = seller.registrationMention?.trim();
  if (!mention) return null;
  const match = REGISTRATION_PATTERN.exec(mention);
  if (!match || match[3]) return mention;
  const siren = (seller.siren || seller.siret?.slice(0, 9) || "").replace(/\D/g, "");
  return siren.length === 9 ? `${mention} ${siren.replace(/(\d{3})(?=\d)/g, "$1 ")}` : mention;
}

/** The building trades' compulsory insurance (décennale, art. L243-2 du code des assurances), printed. */
export type ProfessionalInsurance = { insurer: string; policyNumber: string; coverage: string };

export function insuranceMention(insurance: ProfessionalInsurance | null | undefined): string | null {
  if (!insurance?.insurer.trim()) return null;
  return [
    `Assurance professionnelle : ${insurance.insurer.trim()}`,
    insurance.policyNumber.trim() ? `contrat n° ${insurance.policyNumber.trim()}` : null,
    insurance.coverage.trim() ? `couverture géographique : ${insurance.coverage.trim()}` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/** The VAT line of the invoice: the franchise exemption, the option on debits, or nothing. */
export function vatMention(identity: Pick<LegalIdentityFields, "vatRegime" | "vatOnDebits">): string | null {
  if ((identity.vatRegime ?? "franchise") === "franchise") return VAT_FRANCHISE_MENTION;
  return identity.vatOnDebits ? VAT_ON_DEBITS_MENTION : null;
}

/**
 * The payment terms as printed. On a quote there is no invoice yet: the terms describe the invoice that will
 * follow its acceptance, not a "date de facture" the reader cannot find.
 */
export function paymentTermsMention(
  days: number | null | undefined,
  document: "facture" | "devis" = "facture",
): string | null {
  if (typeof days !== "number" || !Number.isInteger(days) || days < 0) return null;
  if (document === "devis")
    return days === 0
      ? "Facture payable à réception"
      : `Facture payable à ${formatCount(days, "jour")} à compter de sa date d'émission`;
  if (days === 0) return "Paiement à réception de la facture";
  return `Paiement à ${formatCount(days, "jour")} à compter de la date de facture`;
}

export function latePenaltyMention(identity: Pick<LegalIdentityFields, "latePenaltyRate">): string {
  return `Pénalités de retard : ${identity.latePenaltyRate?.trim() || DEFAULT_LATE_PENALTY_RATE}`;
}

export function earlyPaymentMention(identity: Pick<LegalIdentityFields, "earlyPaymentDiscount">): string {
  return identity.earlyPaymentDiscount?.trim() || NO_EARLY_DISCOUNT_MENTION;
}

/** Every legal mention printed in an invoice's footer, in print order. */
export function invoiceMentions(identity: LegalIdentityFields): string[] {
  return [
    vatMention(identity),
    paymentTermsMention(identity.paymentTermsDays),
    latePenaltyMention(identity),
    RECOVERY_INDEMNITY_MENTION,
    earlyPaymentMention(identity),
  ].filter((mention): mention is string => Boolean(mention));
}

/** "fr76 3000 6000…" → "FR7630006000…": IBANs are typed in groups of four and in any case. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** ISO 13616: two letters, two check digits, up to 30 characters, and the mod-97 remainder is 1. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    // Letters count as two digits (A = 10 … Z = 35); the remainder is carried digit by digit.
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value.replace(/\s+/g, "").toUpperCase());
}

/** "FR76 3000 6000 0112 3456 7890 189": how an IBAN is printed and shown. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

export const TYPED_BUSINESS_SIREN_MESSAGE =
  "Pour une entreprise française, indiquez son SIREN (ou choisissez sa fiche client).";

/**
 * A client typed by name only, with no record and no details: the invoice can name neither its address nor,
 * for a business, its SIREN. The French message of the refusal at issue.
 */
export const typedClientMessage = (name: string) =>
  `Le client « ${name} » n'a pas de fiche : choisissez sa fiche client, ou indiquez s'il s'agit d'un particulier ou d'une entreprise (avec son SIREN) et son adresse.`;

type BuyerAddress = {
  line1: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
};

/**
 * Art. 242 nonies A du CGI: every invoice names the client's address, a consumer's as a company's. The
 * French message naming what is missing, or null. A postal code is asked for a French address; some
 * countries have none.
 */
export function buyerAddressProblem(name: string, address: BuyerAddress): string | null {
  const missing = [
    filled(address.line1) ? null : "l'adresse (numéro et rue)",
    filled(address.postalCode) || address.country !== "FR" ? null : "le code postal",
    filled(address.city) ? null : "la ville",
  ].filter((field) => field !== null);
  if (missing.length === 0) return null;
  return `L'adresse du client « ${name} » est incomplète (mention obligatoire, art. 242 nonies A du CGI) : renseignez ${joinFrench(missing)}.`;
}

/** "a", "a et b", "a, b et c". */
function joinFrench(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} et ${items.at(-1)}`;
}
