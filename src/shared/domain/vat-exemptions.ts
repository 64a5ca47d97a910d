/**
 * Why a line carries no French VAT, for a VAT-registered seller (issue 13 §1): the printed mention, the
 * EN 16931 VAT category (UNTDID 5305) and the VATEX code of the e-invoice come from one entry, so the PDF
 * and the Factur-X XML cannot disagree. The franchise en base (art. 293 B) is not a choice here: it follows
 * from the seller's regime and covers the whole document.
 */

import { compactIdentifier, isValidSiren, isValidVatNumber } from "./identifiers";
import type { OperationNature } from "./operation-nature";

/** EU member states (ISO 3166-1 alpha-2): reverse charge and intra-EU supplies need a buyer among them. */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;
const isInEu = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country);

/** Who the buyer must be for the exemption to apply. */
type BuyerRule = "eu-business" | "outside-eu" | "any";

export const VAT_EXEMPTIONS = {
  autoliquidation: {
    label: "Autoliquidation : client professionnel d'un autre pays de l'UE",
    // Services to an EU business are taxed where it is established (art. 259-1), by the client itself
    // (art. 283-2 du CGI, art. 196 of the VAT directive): « Autoliquidation » is the mention art. 242
    // nonies A requires.
    mention:
      "Autoliquidation : TVA due par le preneur (art. 259-1 et 283-2 du CGI, art. 196 de la directive 2006/112/CE)",
    category: "AE",
    code: "VATEX-EU-AE",
    buyer: "eu-business",
    isWholeDocument: true,
  },
  "livraison-intracommunautaire": {
    label: "Livraison intracommunautaire de biens",
    mention: "Exonération de TVA, art. 262 ter I du CGI (livraison intracommunautaire)",
    category: "K",
    code: "VATEX-EU-IC",
    buyer: "eu-business",
    isWholeDocument: true,
  },
  exportation: {
    label: "Exportation hors de l'UE (livraison de biens)",
    mention: "Exonération de TVA, art. 262 I du CGI (exportation)",
    category: "G",
    code: "VATEX-EU-G",
    buyer: "outside-eu",
    isWholeDocument: true,
  },
  /** What « exportation » means for services (see applicableExemption): they are taxed where the client is. */
  "prestation-hors-ue": {
    label: "Prestation de services à un client professionnel établi hors de l'UE",
    mention: "TVA non applicable, art. 259-1 du CGI (prestation de services, preneur établi hors de l'UE)",
    category: "O",
    code: "VATEX-EU-O",
    buyer: "outside-eu",
    isWholeDocument: true,
  },
  debours: {
    label: "Débours : frais payés au nom et pour le compte du client (art. 267 II-2° du CGI)",
    mention: "Débours exclus de la base d'imposition, art. 267 II-2° du CGI",
    category: "E",
    code: "VATEX-EU-79-C",
    buyer: "any",
    isWholeDocument: false,
  },
  "formation-professionnelle": {
    label: "Formation professionnelle continue (art. 261-4-4° a du CGI)",
    mention: "Exonération de TVA, art. 261-4-4° a du CGI",
    category: "E",
    code: "VATEX-FR-CGI261-4",
    buyer: "any",
    isWholeDocument: false,
  },
  "soins-medicaux": {
    label: "Soins dispensés par une profession médicale ou paramédicale (art. 261-4-1° du CGI)",
    mention: "Exonération de TVA, art. 261-4-1° du CGI",
    category: "E",
    code: "VATEX-FR-CGI261-4",
    buyer: "any",
    isWholeDocument: false,
  },
} as const satisfies Record<
  string,
  {
    label: string;
    mention: string;
    category: "AE" | "K" | "G" | "O" | "E";
    code: string;
    buyer: BuyerRule;
    /** The whole supply is taxed abroad (or not at all): no line may carry French VAT. */
    isWholeDocument: boolean;
  }
>;

export type VatExemption = keyof typeof VAT_EXEMPTIONS;
export const vatExemptions = Object.keys(VAT_EXEMPTIONS) as [VatExemption, ...VatExemption[]];

export const EXEMPTION_ZERO_RATE_MESSAGE =
  "Avec l'autoliquidation, une livraison intracommunautaire ou une exportation, toutes les lignes doivent être à 0 % de TVA.";
export const ZERO_RATE_WITHOUT_REASON_MESSAGE =
  "Une ligne est à 0 % de TVA sans motif : choisissez l'exonération qui s'applique (débours, autoliquidation, exportation, formation…) ou appliquez le taux de TVA de la prestation.";
export const EXEMPTION_NO_ZERO_LINE_MESSAGE =
  "L'exonération s'applique aux lignes à 0 % de TVA : aucune ligne n'est à 0 %.";

/** The buyer fields these rules read (a client row, its DTO and the frozen buyer all fit). */
export type BuyerIdentity = {
  name: string;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  isBusiness: boolean;
  country: string;
};

/**
 * Why this document cannot be issued with this exemption (the applicable one, see applicableExemption), in
 * French, or null. The exemption applies to the
 * 0 % lines; reverse charge, intra-EU supplies and exports leave no French VAT on the whole document. Reverse charge and intra-EU supplies need a business
 * established in another member state with its VAT number (printed, and BT-48 of the e-invoice); an export
 * goes outside the EU.
 */
export function exemptionProblem(
  exemption: VatExemption,
  { buyer, ratesBp }: { buyer: BuyerIdentity; ratesBp: readonly number[] },
): string | null {
  const rule = VAT_EXEMPTIONS[exemption];
  if (rule.isWholeDocument && ratesBp.some((rate) => rate !== 0)) return EXEMPTION_ZERO_RATE_MESSAGE;
  if (!ratesBp.includes(0)) return EXEMPTION_NO_ZERO_LINE_MESSAGE;
  if (rule.buyer === "eu-business") {
    if (!buyer.isBusiness || buyer.country === "FR" || !isInEu(buyer.country))
      return `${rule.label} : le client « ${buyer.name} » doit être une entreprise établie dans un autre pays de l'UE.`;
    const vat = buyer.vatNumber ? compactIdentifier(buyer.vatNumber).toUpperCase() : "";
    if (!vat || !isValidVatNumber(vat) || !vat.startsWith(buyer.country === "GR" ? "EL" : buyer.country))
      return `${rule.label} : renseignez le numéro de TVA intracommunautaire du client « ${buyer.name} » (pays ${buyer.country}) dans sa fiche.`;
  }
  if (rule.buyer === "outside-eu" && isInEu(buyer.country))
    return `Exportation : le client « ${buyer.name} » doit être établi hors de l'Union européenne.`;
  if (exemption === "prestation-hors-ue" && !buyer.isBusiness)
    return `${rule.label} : le client « ${buyer.name} » doit être une entreprise (un particulier paie la TVA française, art. 259 B du CGI).`;
  return null;
}

const isEuBusinessAbroad = (buyer: Pick<BuyerIdentity, "isBusiness" | "country">) =>
  buyer.isBusiness && buyer.country !== "FR" && isInEu(buyer.country);

/**
 * The exemption the law gives a document, from the one chosen (issue 28), so the mention and the category
 * follow the operation rather than a list's wording:
 * - under the franchise en base, services to a business of another member state are taxed there, by the
 *   client (art. 259-1 and 283-2 du CGI): reverse charge, not the art. 293 B mention; otherwise none (293 B);
 * - an « exportation » of services is no export of goods (art. 262 I, category G): services to a business
 *   outside the EU are taxed where it is (art. 259-1), out of the scope of French VAT (category O).
 */
export function applicableExemption({
  chosen,
  isFranchise,
  nature,
  buyer,
}: {
  chosen: VatExemption | null;
  isFranchise: boolean;
  nature: OperationNature;
  buyer: Pick<BuyerIdentity, "isBusiness" | "country">;
}): VatExemption | null {
  if (isFranchise) return nature === "services" && isEuBusinessAbroad(buyer) ? "autoliquidation" : null;
  if (chosen === "exportation" && nature === "services") return "prestation-hors-ue";
  return chosen;
}

/**
 * Since the e-invoicing reform an invoice to a French business names it by its SIREN (BT-47, the key of
 * the network's directory): without a valid one the invoice cannot be issued. The French message, or null.
 */
export function buyerSirenProblem(buyer: BuyerIdentity): string | null {
  if (!buyer.isBusiness || buyer.country !== "FR") return null;
  const siren = buyer.siren
    ? compactIdentifier(buyer.siren)
    : buyer.siret
      ? compactIdentifier(buyer.siret).slice(0, 9)
      : "";
  if (!siren)
    return `Le client « ${buyer.name} » est une entreprise française : renseignez son SIREN dans sa fiche avant d'émettre la facture.`;
  if (!isValidSiren(siren))
    return `Le SIREN du client « ${buyer.name} » (${siren}) n'est pas valide : vérifiez-le dans sa fiche avant d'émettre la facture.`;
  return null;
}
