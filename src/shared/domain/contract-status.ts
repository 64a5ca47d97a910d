// A contract's statuses and their French labels: the schemas validate them, and the command palette shows
// them without loading zod (issue 15).
// The same values as the database CHECK (server/db/schema/contracts.ts); shared code cannot import it.
export const contractStatuses = ["brouillon", "envoyé", "signé", "terminé"] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const contractStatusLabels: Record<ContractStatus, string> = {
  brouillon: "Brouillon",
  envoyé: "Envoyé",
  signé: "Signé",
  terminé: "Terminé",
};
