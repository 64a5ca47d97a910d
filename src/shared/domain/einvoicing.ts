/**
 * Lifecycle statuses of an e-invoice on the French network (issue 13 §2), with the CDAR codes of the
 * DGFiP external specifications that the AFNOR XP Z12-013 API carries. One registry: the database check,
 * the platform adapters (code ↔ status) and the badge on the invoice page all read it.
 */
export const EINVOICE_STATUSES = {
  deposee: { code: 200, label: "Déposée", tone: "neutral" },
  emise: { code: 201, label: "Émise par la plateforme", tone: "neutral" },
  recue: { code: 202, label: "Reçue par la plateforme", tone: "neutral" },
  mise_a_disposition: { code: 203, label: "Mise à disposition", tone: "neutral" },
  prise_en_charge: { code: 204, label: "Prise en charge", tone: "info" },
  approuvee: { code: 205, label: "Approuvée", tone: "success" },
  approuvee_partiellement: { code: 206, label: "Approuvée partiellement", tone: "warning" },
  en_litige: { code: 207, label: "En litige", tone: "warning" },
  suspendue: { code: 208, label: "Suspendue", tone: "warning" },
  completee: { code: 209, label: "Complétée", tone: "info" },
  refusee: { code: 210, label: "Refusée", tone: "danger" },
  paiement_transmis: { code: 211, label: "Paiement transmis", tone: "info" },
  encaissee: { code: 212, label: "Encaissée", tone: "success" },
  rejetee: { code: 213, label: "Rejetée", tone: "danger" },
} as const;

export type EinvoiceStatus = keyof typeof EINVOICE_STATUSES;

/**
 * What each lifecycle status means for the seller, in plain words: the seller's screens say these, not
 * « 200 · Déposée » (issue 31 item 20); the codes stay in the platform's messages and the API.
 */
export const EINVOICE_STATUS_WORDS: Record<EinvoiceStatus, string> = {
  deposee: "Déposée sur la plateforme",
  emise: "Transmise par la plateforme",
  recue: "Reçue par la plateforme du client",
  mise_a_disposition: "Mise à disposition du client",
  prise_en_charge: "Prise en charge par le client",
  approuvee: "Approuvée par le client",
  approuvee_partiellement: "Approuvée en partie par le client",
  en_litige: "Contestée par le client",
  suspendue: "Suspendue : le client attend un complément",
  completee: "Complétée",
  refusee: "Refusée par le client",
  paiement_transmis: "Paiement annoncé par le client",
  encaissee: "Encaissée",
  rejetee: "Rejetée par la plateforme",
};
export const einvoiceStatuses = Object.keys(EINVOICE_STATUSES) as [EinvoiceStatus, ...EinvoiceStatus[]];

/**
 * A received supplier invoice's own lifecycle on the recipient's side: waiting for the user, then the
 * answer sent back to the supplier through the platform. « En litige » still waits for a final answer.
 */
export const receivedInvoiceStatuses = [
  "mise_a_disposition",
  "approuvee",
  "refusee",
  "en_litige",
] as const satisfies readonly EinvoiceStatus[];
/** The received invoices that still wait for the user's final answer (approuvée or refusée). */
export const undecidedReceivedStatuses = ["mise_a_disposition", "en_litige"] as const;
export type ReceivedInvoiceStatus = (typeof receivedInvoiceStatuses)[number];

export function einvoiceStatusFromCode(code: number | string): EinvoiceStatus | undefined {
  const wanted = Number(code);
  return einvoiceStatuses.find((status) => EINVOICE_STATUSES[status].code === wanted);
}

/**
 * Invoices are kept 10 years from the close of the financial year (Code de commerce, art. L123-22); a
 * micro-entrepreneur's financial year is the calendar year.
 */
export function retentionEnd(issueDate: string): string {
  return `${Number(issueDate.slice(0, 4)) + 10}-12-31`;
}
