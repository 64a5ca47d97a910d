// An invoice's statuses and their French labels: the schemas validate them, and the list and its badge
// show them without loading zod (issue 15).
export const invoiceStatusLabels = {
  brouillon: "Brouillon",
  "en-attente": "En attente",
  payée: "Payée",
  "en-retard": "En retard",
  annulée: "Annulée",
} as const;
export type InvoiceStatus = keyof typeof invoiceStatusLabels;

/**
 * The word a screen shows for an invoice's status. A credit note is stored « payée » once issued (it settles
 * what it cancels), but nobody pays it: it reads « Avoir émis » (issue 31 item 20).
 */
export function invoiceStatusLabel({ status, kind }: { status: InvoiceStatus; kind: string }): string {
  if (kind === "avoir" && status !== "brouillon") return "Avoir émis";
  return invoiceStatusLabels[status];
}
