/**
 * The one paid offer: a single registration payment that opens the whole application.
 * Read by the pricing pages, the payment gate and the server that creates the checkout.
 */

export type OfferInclusion = {
  readonly label: string;
  readonly detail: string;
};

export type Offer = {
  readonly id: string;
  readonly label: string;
  readonly priceCents: number;
  readonly currency: "EUR";
  readonly taxLabel: string;
  readonly billingLabel: string;
  /** The line of the invoice the buyer receives. */
  readonly invoiceLabel: string;
  readonly inclusions: readonly OfferInclusion[];
};

export const registrationOffer = {
  id: "registration",
  label: "Accès complet Ardoise",
  priceCents: 5900,
  currency: "EUR",
  taxLabel: "TTC",
  billingLabel: "Paiement unique, sans abonnement",
  invoiceLabel: "Inscription à Ardoise (accès à vie)",
  inclusions: [
    {
      label: "Projets et tâches",
      detail: "Projets, tâches et échéances, rattachés à vos clients.",
    },
    {
      label: "Clients",
      detail: "Fiches clients, coordonnées, devis et factures liés, suivi des prospects (CRM).",
    },
    {
      label: "Devis",
      detail:
        "Devis numérotés, lien à envoyer au client pour un « Bon pour accord » en ligne, conversion en facture en un clic.",
    },
    {
      label: "Factures",
      detail:
        "Mentions légales françaises, numérotation continue, PDF Factur-X (EN 16931), envoi par e-mail, relances, factures récurrentes, paiement par carte via votre compte Stripe.",
    },
    {
      label: "Contrats",
      detail: "Contrats de prestation préparés à partir de vos informations.",
    },
    {
      label: "Dépenses",
      detail:
        "Dépenses classées par catégorie, avec leurs justificatifs ; import des factures fournisseurs Factur-X, CII ou UBL.",
    },
    {
      label: "Micro-entreprise",
      detail:
        "Chiffre d'affaires à déclarer à l'URSSAF et cotisations calculés avec les règles officielles, livre des recettes et registre des achats.",
    },
    {
      label: "Intégrations",
      detail: "API et webhooks signés (Zapier, Make…), synchronisation Mailchimp, agenda des échéances.",
    },
    {
      label: "Assistant IA",
      detail: "Un assistant en français qui répond sur vos chiffres et prépare vos documents.",
    },
  ],
} as const satisfies Offer;

/**
 * Features people expect from a tool like Ardoise that are NOT built yet, each with the words that would
 * claim it. The marketing copy must name none of them (offer.test.ts checks the offer, the landing, the
 * FAQ and the payment pages): when one is built, remove it from this list in the same change.
 */
export const NOT_BUILT_YET = [
  {
    id: "e-invoice-emission",
    label: "Émission de factures électroniques par une plateforme agréée",
    claims: ["plateforme agréée", "Chorus Pro", "prêt pour la facturation électronique", "e-invoicing"],
  },
  {
    id: "e-invoice-reception",
    label: "Réception des factures électroniques des fournisseurs",
    claims: ["réception des factures électroniques", "recevez vos factures électroniques"],
  },
  {
    id: "voice",
    label: "Agent vocal",
    claims: ["vocal", "vocale", "à la voix", "dictée", "dictez"],
  },
  {
    // Ardoise computes what to declare and the contributions; filing it stays on autoentrepreneur.urssaf.fr.
    id: "urssaf-filing",
    label: "Télédéclaration à l'URSSAF depuis Ardoise",
    claims: ["télédéclaration", "déclare pour vous", "déclaration automatique"],
  },
  {
    id: "time-tracking",
    label: "Suivi du temps passé",
    claims: ["suivi du temps", "temps passé", "feuille de temps", "chronomètre"],
  },
  {
    id: "bank-sync",
    label: "Import et rapprochement bancaires",
    claims: ["rapprochement bancaire", "synchronisation bancaire", "relevés bancaires"],
  },
  {
    id: "receipt-ocr",
    label: "Lecture automatique des justificatifs",
    claims: ["OCR", "lecture automatique"],
  },
  {
    id: "in-app-support",
    label: "Support depuis l'application",
    claims: ["support prioritaire", "écrivez-nous depuis"],
  },
  {
    id: "e-signature",
    label: "Signature électronique",
    claims: ["signature électronique", "signature en ligne", "signez en ligne"],
  },
] as const satisfies readonly { id: string; label: string; claims: readonly string[] }[];

export type UnbuiltFeature = (typeof NOT_BUILT_YET)[number];

/** The claims of unbuilt features that a text makes, case-insensitively and on whole words. */
export function unbuiltClaimsIn(text: string): { id: UnbuiltFeature["id"]; claim: string }[] {
  const found: { id: UnbuiltFeature["id"]; claim: string }[] = [];
  for (const feature of NOT_BUILT_YET) {
    for (const claim of feature.claims) {
      const escaped = claim.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
      if (pattern.test(text)) found.push({ id: feature.id, claim });
    }
  }
  return found;
}
