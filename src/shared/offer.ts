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
  readonly inclusions: readonly OfferInclusion[];
};

export const registrationOffer = {
  id: "registration",
  label: "Accès complet Ardoise",
  priceCents: 5900,
  currency: "EUR",
  taxLabel: "TTC",
  billingLabel: "Paiement unique, sans abonnement",
  inclusions: [
    {
      label: "Gestion complète des projets",
      detail: "Projets, tâches, échéances et suivi du temps passé.",
    },
    {
      label: "Clients",
      detail: "Fiches clients, coordonnées, historique et suivi commercial (CRM).",
    },
    {
      label: "Devis",
      detail: "Devis numérotés, acceptation et conversion en facture en un clic.",
    },
    {
      label: "Factures",
      detail: "Mentions légales françaises, numérotation continue, PDF Factur-X, relances.",
    },
    {
      label: "Contrats",
      detail: "Contrats de prestation préparés à partir de vos informations.",
    },
    {
      label: "Dépenses",
      detail: "Dépenses classées par catégorie, avec leurs justificatifs.",
    },
    {
      label: "Assistant IA",
      detail: "Un assistant en français qui répond sur vos chiffres et prépare vos documents.",
    },
    {
      label: "Support prioritaire",
      detail: "Vos questions traitées en priorité, par e-mail, en français.",
    },
  ],
} as const satisfies Offer;
