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
