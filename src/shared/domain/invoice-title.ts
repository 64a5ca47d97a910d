import { formatMoney } from "../format";

type TitledInvoice = {
  invoiceNumber: string | null;
  kind: string;
  clientName: string;
  totalCents: number;
};

/**
 * An invoice's title on its page and in the lists that name it: its number once issued; before that, drafts
 * are told apart by client and amount rather than all titled « Brouillon » (issue 31 item 20).
 */
export function invoiceTitle({ invoiceNumber, kind, clientName, totalCents }: TitledInvoice): string {
  const what = kind === "avoir" ? "Avoir" : "Facture";
  if (invoiceNumber) return `${what} ${invoiceNumber}`;
  const draft = kind === "avoir" ? "Brouillon d'avoir" : "Brouillon";
  return [draft, clientName, formatMoney(totalCents)].filter(Boolean).join(" · ");
}
