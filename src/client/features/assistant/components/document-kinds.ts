import type { DocumentKind } from "@shared/schemas/assistant";

/** The generator's three kinds, in the order of the radio choice (spec §2: Devis first, the default). */
export const DOCUMENT_KINDS: readonly {
  kind: DocumentKind;
  label: string;
  /** Where the draft goes: "vos devis", "vos factures"… */
  listName: string;
  example: string;
}[] = [
  {
    kind: "quote",
    label: "Devis",
    listName: "devis",
    example: "Devis pour Martin de 1 200 € pour la refonte du site",
  },
  {
    kind: "invoice",
    label: "Facture",
    listName: "factures",
    example: "Facture pour Dupont de 850 € pour la maintenance de mars",
  },
  {
    kind: "contract",
    label: "Contrat",
    listName: "contrats",
    example: "Contrat pour Durand de 4 000 € pour l'accompagnement du projet mobile",
  },
];

export function documentKind(kind: DocumentKind) {
  const entry = DOCUMENT_KINDS.find((candidate) => candidate.kind === kind);
  if (!entry) throw new Error(`unknown document kind ${kind}`);
  return entry;
}

/** The two dates each kind shows in the preview. */
export const DATE_LABELS: Record<DocumentKind, [string, string]> = {
  quote: ["Date", "Valable jusqu'au"],
  invoice: ["Date", "Échéance"],
  contract: ["Début", "Fin"],
};
