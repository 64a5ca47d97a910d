import type { ViewDataType } from "@shared/schemas/interpretation";

/** How the assistant names the records of a list, in French: feminine nouns and the singular and plural. */
export const FEMININE = new Set<ViewDataType>(["invoices", "expenses", "tasks"]);

export const NOUNS: Record<ViewDataType, [string, string]> = {
  invoices: ["facture", "factures"],
  quotes: ["devis", "devis"],
  clients: ["client", "clients"],
  expenses: ["dépense", "dépenses"],
  projects: ["projet", "projets"],
  tasks: ["tâche ouverte", "tâches ouvertes"],
  payments: ["paiement", "paiements"],
};
