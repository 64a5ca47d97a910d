import { formatDate, formatMoney } from "@shared/format";
import { messageParagraphs, type RenderedEmail, renderEmail } from "../layout";

type InvoiceEmail = {
  kind: "facture" | "avoir";
  invoiceNumber: string;
  sellerName: string;
  recipientName: string | null;
  totalCents: number;
  dueDate: string | null;
  /** The freelancer's own words, edited in the send dialog (untrusted: escaped by the layout). */
  message: string;
};

/** The e-mail that carries an invoice or credit note PDF to the client. */
export function invoiceEmail(invoice: InvoiceEmail): RenderedEmail {
  const label = invoice.kind === "avoir" ? "Avoir" : "Facture";
  const summary =
    invoice.kind === "avoir"
      ? `${label} ${invoice.invoiceNumber} : ${formatMoney(invoice.totalCents)}.`
      : `${label} ${invoice.invoiceNumber} : ${formatMoney(invoice.totalCents)}${invoice.dueDate ? `, à régler avant le ${formatDate(invoice.dueDate)}` : ""}.`;
  return renderEmail({
    subject: `${label} ${invoice.invoiceNumber} — ${invoice.sellerName}`,
    preheader: summary,
    heading: `${label} ${invoice.invoiceNumber}`,
    name: invoice.recipientName,
    intro: messageParagraphs(invoice.message),
    outro: [summary, "Le document est joint à cet e-mail au format PDF."],
    reason: `Vous recevez cet e-mail de la part de ${invoice.sellerName}, qui gère sa facturation avec Ardoise.`,
  });
}
