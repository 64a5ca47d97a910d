/**
 * The micro-entrepreneur's URSSAF situation (issue 13 §3): the activity the declaration form asks for (and
 * the official rules rate), and how often it is declared. The database, the API and the forms use these.
 */
export const urssafActivities = [
  "vente",
  "services-bic",
  "services-artisanales",
  "bnc-ssi",
  "bnc-cipav",
] as const;
export type UrssafActivity = (typeof urssafActivities)[number];

export const urssafActivityLabels: Record<UrssafActivity, string> = {
  vente: "Vente de marchandises (BIC)",
  "services-bic": "Prestations de services commerciales (BIC)",
  // Artisans (registered at the Répertoire des métiers) pay a higher training contribution and the chamber
  // of trades' tax (issue 28).
  "services-artisanales": "Prestations de services artisanales (BIC, artisan inscrit au RM)",
  "bnc-ssi": "Activité libérale (BNC), Sécurité sociale des indépendants",
  "bnc-cipav": "Activité libérale réglementée (BNC), Cipav",
};

export const declarationFrequencies = ["mensuelle", "trimestrielle"] as const;
export type DeclarationFrequency = (typeof declarationFrequencies)[number];

export const declarationFrequencyLabels: Record<DeclarationFrequency, string> = {
  mensuelle: "Mensuelle",
  trimestrielle: "Trimestrielle",
};

/** Sales of goods have their own ceilings; every other activity is a service for the thresholds. */
export const isSalesActivity = (activity: UrssafActivity) => activity === "vente";
