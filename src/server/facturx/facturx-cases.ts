import {
  buildCommercialDocument,
  type CommercialDocument,
  type CommercialDocumentSource,
  type DocumentBuyer,
  type DocumentSeller,
} from "@shared/domain/commercial-document";
import { paymentTermsMention } from "@shared/domain/legal-identity";

// The documents the Factur-X tests generate: one per case the tax and invoicing rules distinguish.
// Identifiers are the fictitious test SIRENs of AFNOR XP Z12-012 (Luhn-valid).

const lyon = { line1: "12 rue des Lilas", line2: null, postalCode: "69003", city: "Lyon", country: "FR" };

const franchiseSeller: DocumentSeller = {
  legalName: "Léa Moreau EI",
  companyName: "Studio Moreau",
  siren: null,
  siret: "10000000900017",
  apeCode: "7410Z",
  registrationMention: "Dispensée d'immatriculation au RCS et au RM",
  address: lyon,
  email: "lea@studio-moreau.example",
  phone: null,
  vatRegime: "franchise",
  vatNumber: null,
  vatOnDebits: false,
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
  latePenaltyRate: "3 fois le taux d'intérêt légal",
  earlyPaymentDiscount: null,
};

const vatSeller: DocumentSeller = {
  ...franchiseSeller,
  legalName: "Camille Martin EI",
  companyName: "Studio Martin",
  siren: "100000009",
  siret: null,
  registrationMention: null,
  vatRegime: "assujetti",
  vatNumber: "FR88100000009",
  vatOnDebits: true,
  bic: null,
};

const businessBuyer: DocumentBuyer = {
  name: "Atelier Dupont",
  company: "Atelier Dupont SAS",
  contactName: "Paul Dupont",
  email: "paul@atelier-dupont.example",
  siren: "200000008",
  siret: null,
  vatNumber: "FR37200000008",
  isBusiness: true,
  address: {
    line1: "5 avenue Parmentier",
    line2: "Bâtiment B",
    postalCode: "75011",
    city: "Paris",
    country: "FR",
  },
};

const consumerBuyer: DocumentBuyer = {
  name: "Jean Petit",
  company: null,
  contactName: null,
  email: "jean.petit@example.fr",
  siren: null,
  siret: null,
  vatNumber: null,
  isBusiness: false,
  address: { line1: "1 place du Marché", line2: null, postalCode: "75004", city: "Paris", country: "FR" },
};

const base = {
  kind: "facture",
  date: "2026-10-15",
  serviceDate: "2026-10-14",
  serviceEndDate: null,
  dueDate: "2026-11-14",
  paidCents: 0,
  paymentTerms: paymentTermsMention(30),
  notes: null,
  precedingInvoice: null,
  operationNature: "services",
  vatExemption: null,
  deliveryAddress: null,
} as const;

const severalRates: CommercialDocumentSource = {
  ...base,
  number: "INV-2026-0043",
  seller: vatSeller,
  buyer: businessBuyer,
  lines: [
    {
      description: "Développement du site (jours)",
      quantity: 2.5,
      unit: "jour",
      unitPriceCents: 45050,
      vatRateBp: 2000,
    },
    {
      description: "Hébergement & nom de domaine",
      quantity: 1,
      unit: "forfait",
      unitPriceCents: 12000,
      vatRateBp: 2000,
    },
    { description: "Billetterie du salon", quantity: 3, unit: null, unitPriceCents: 3333, vatRateBp: 1000 },
    {
      description: "Livre « Le Web accessible »",
      quantity: 2,
      unit: null,
      unitPriceCents: 2890,
      vatRateBp: 550,
    },
    { description: "Débours : timbres", quantity: 1, unit: null, unitPriceCents: 1290, vatRateBp: 0 },
  ],
  // The 0 % line is a disbursement: its reason is art. 267 II-2° (issue 28), never a bare zero rate.
  vatExemption: "debours",
  paidCents: 10000,
  notes: "Merci de rappeler le numéro de facture dans le libellé du virement.",
};

/** A credit note cancelling an invoice in full: its lines, negated, as cancelInvoice writes them. */
function totalCreditNote(invoice: CommercialDocumentSource, number: string): CommercialDocumentSource {
  return {
    ...invoice,
    kind: "avoir",
    number,
    date: "2026-10-20",
    dueDate: null,
    paidCents: 0,
    paymentTerms: null,
    notes: `Avoir annulant la facture ${invoice.number}.`,
    lines: invoice.lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents })),
    precedingInvoice: invoice.number ? { number: invoice.number, date: invoice.date } : null,
  };
}

const franchiseB2c: CommercialDocumentSource = {
  ...base,
  number: "INV-2026-0044",
  seller: franchiseSeller,
  buyer: consumerBuyer,
  lines: [
    {
      description: "Séance photo portrait",
      quantity: 1,
      unit: "forfait",
      unitPriceCents: 25000,
      vatRateBp: 0,
    },
  ],
};

/** A business in another EU member state, with its VAT number (reverse charge, intra-EU supply). */
const belgianBuyer: DocumentBuyer = {
  name: "Brasserie Lambic",
  company: "Brasserie Lambic SRL",
  contactName: null,
  email: "compta@lambic.example",
  siren: null,
  siret: null,
  vatNumber: "BE0123456749",
  isBusiness: true,
  address: { line1: "Rue Haute 10", line2: null, postalCode: "1000", city: "Bruxelles", country: "BE" },
};

const swissBuyer: DocumentBuyer = {
  ...belgianBuyer,
  name: "Horlogerie Favre",
  company: "Horlogerie Favre SA",
  email: "achats@favre.example",
  vatNumber: null,
  address: { line1: "Rue du Rhône 4", line2: null, postalCode: "1204", city: "Genève", country: "CH" },
};

/** Goods or services that carry no French VAT, for a VAT-registered seller (issue 13 §1). */
const exempt = (
  number: string,
  vatExemption: CommercialDocumentSource["vatExemption"],
  buyer: DocumentBuyer,
  operationNature: CommercialDocumentSource["operationNature"],
): CommercialDocumentSource => ({
  ...base,
  number,
  seller: { ...vatSeller, vatOnDebits: false },
  buyer,
  operationNature,
  vatExemption,
  lines: [
    {
      description: operationNature === "biens" ? "Luminaires en laiton" : "Refonte du site (jours)",
      quantity: 3,
      unit: operationNature === "biens" ? null : "jour",
      unitPriceCents: 52000,
      vatRateBp: 0,
    },
  ],
});

/** Issue 13 §1: a line discount in percent, one in euros, and a 5 % discount on the whole document. */
const discounted: CommercialDocumentSource = {
  ...severalRates,
  number: "INV-2026-0050",
  paidCents: 0,
  notes: null,
  lines: [
    {
      description: "Développement du site (jours)",
      quantity: 2.5,
      unit: "jour",
      unitPriceCents: 45050,
      vatRateBp: 2000,
      discountKind: "percent",
      discountValue: 1000,
    },
    {
      description: "Hébergement & nom de domaine",
      quantity: 1,
      unit: "forfait",
      unitPriceCents: 12000,
      vatRateBp: 2000,
      discountKind: "amount",
      discountValue: 2000,
    },
    {
      description: "Livre « Le Web accessible »",
      quantity: 2,
      unit: null,
      unitPriceCents: 2890,
      vatRateBp: 550,
    },
  ],
  discountKind: "percent",
  discountValue: 500,
};

/** A deposit invoice for 30 % of a quote with two VAT rates, one line per rate (quotes.service). */
const deposit: CommercialDocumentSource = {
  ...severalRates,
  number: "INV-2026-0051",
  paidCents: 0,
  notes: "Acompte selon notre devis DEV-2026-0007 du 1 octobre 2026.",
  isDeposit: true,
  lines: [
    {
      description: "Acompte de 30 % sur le devis DEV-2026-0007 (TVA 20 %)",
      quantity: 1,
      unit: null,
      unitPriceCents: 36000,
      vatRateBp: 2000,
    },
    {
      description: "Acompte de 30 % sur le devis DEV-2026-0007 (TVA 5,5 %)",
      quantity: 1,
      unit: null,
      unitPriceCents: 6000,
      vatRateBp: 550,
    },
  ],
};

/** The final invoice of that quote: its full amount, the deposit deducted as paid in advance (BT-113). */
const finalAfterDeposit: CommercialDocumentSource = {
  ...deposit,
  number: "INV-2026-0052",
  date: "2026-11-20",
  dueDate: "2026-12-20",
  isDeposit: false,
  notes: "Selon notre devis DEV-2026-0007 du 1 octobre 2026.",
  lines: [
    {
      description: "Refonte du site (jours)",
      quantity: 3,
      unit: "jour",
      unitPriceCents: 40000,
      vatRateBp: 2000,
    },
    { description: "Livres de formation", quantity: 4, unit: null, unitPriceCents: 5000, vatRateBp: 550 },
  ],
  deposits: [{ number: "INV-2026-0051", date: "2026-10-15", totalCents: 43200 + 6330 }],
};

export const FACTURX_CASES: Record<string, CommercialDocumentSource> = {
  "franchise-b2b-periode": {
    ...base,
    number: "INV-2026-0042",
    seller: franchiseSeller,
    buyer: businessBuyer,
    serviceDate: "2026-09-01",
    serviceEndDate: "2026-09-30",
    lines: [
      {
        description: "Développement site vitrine",
        quantity: 5,
        unit: "jour",
        unitPriceCents: 45000,
        vatRateBp: 0,
      },
      {
        description: "Maintenance mensuelle",
        quantity: 0.25,
        unit: "heure",
        unitPriceCents: 6000,
        vatRateBp: 0,
      },
    ],
  },
  "franchise-b2c": franchiseB2c,
  "tva-plusieurs-taux-b2b": severalRates,
  "tva-b2c": { ...severalRates, number: "INV-2026-0045", buyer: consumerBuyer, paidCents: 0, notes: null },
  "autoliquidation-ue": exempt("INV-2026-0046", "autoliquidation", belgianBuyer, "services"),
  "livraison-intracommunautaire": exempt(
    "INV-2026-0047",
    "livraison-intracommunautaire",
    belgianBuyer,
    "biens",
  ),
  exportation: exempt("INV-2026-0048", "exportation", swissBuyer, "biens"),
  // Issue 28: « exportation » chosen for services is art. 259-1, out of scope (O), not the goods' G.
  "prestation-hors-ue": exempt("INV-2026-0055", "exportation", swissBuyer, "services"),
  // Issue 28: a franchise seller's services to an EU business are reverse charged, not art. 293 B.
  "franchise-services-ue": {
    ...exempt("INV-2026-0056", null, belgianBuyer, "services"),
    seller: franchiseSeller,
  },
  // Training exempt under art. 261 beside a taxed line, delivered elsewhere, goods and services, VAT on debits.
  "exoneration-261-livraison-mixte": {
    ...severalRates,
    number: "INV-2026-0049",
    paidCents: 0,
    notes: null,
    operationNature: "mixte",
    vatExemption: "formation-professionnelle",
    deliveryAddress: {
      line1: "Centre de formation, 8 quai Perrache",
      line2: null,
      postalCode: "69002",
      city: "Lyon",
      country: "FR",
    },
    lines: [
      {
        description: "Formation « Accessibilité web » (2 jours)",
        quantity: 2,
        unit: "jour",
        unitPriceCents: 90000,
        vatRateBp: 0,
      },
      { description: "Support imprimé", quantity: 8, unit: null, unitPriceCents: 1500, vatRateBp: 2000 },
    ],
  },
  // A building trade's professional insurance (décennale): a free-text note (BT-22, no subject code).
  "assurance-decennale-b2b": {
    ...severalRates,
    number: "INV-2026-0054",
    seller: {
      ...vatSeller,
      insurance: {
        insurer: "MAAF Assurances",
        policyNumber: "DEC-2026-4471",
        coverage: "France métropolitaine",
      },
    },
  },
  "remises-ligne-et-document-b2b": discounted,
  "remise-montant-franchise-b2c": {
    ...franchiseB2c,
    number: "INV-2026-0053",
    discountKind: "amount",
    discountValue: 2500,
  },
  "facture-acompte": deposit,
  "facture-finale-apres-acompte": finalAfterDeposit,
  "avoir-partiel-tva": {
    ...totalCreditNote(severalRates, "AV-2026-0003"),
    notes: `Avoir partiel sur la facture ${severalRates.number}.`,
    lines: [
      {
        description: "Geste commercial sur le développement",
        quantity: 1,
        unit: null,
        unitPriceCents: -15000,
        vatRateBp: 2000,
      },
    ],
  },
  "avoir-total-remises": totalCreditNote(discounted, "AV-2026-0004"),
  "avoir-total-tva": totalCreditNote(severalRates, "AV-2026-0001"),
  "avoir-total-franchise-b2c": totalCreditNote(franchiseB2c, "AV-2026-0002"),
};

export const facturxCase = (name: string): CommercialDocument => {
  const source = FACTURX_CASES[name];
  if (!source) throw new Error(`unknown case ${name}`);
  return buildCommercialDocument(source);
};
