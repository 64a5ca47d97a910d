import { formatDate, formatMoney } from "@shared/format";
import { messageParagraphs, type RenderedEmail, renderEmail } from "../layout";

type QuoteEmail = {
  quoteNumber: string;
  sellerName: string;
  recipientName: string | null;
  totalCents: number;
  /** Last day the offer holds (YYYY-MM-DD). */
  validUntil: string;
  /** The freelancer's own words, edited in the send dialog (untrusted: escaped by the layout). */
  message: string;
};

/** The e-mail that carries a quote PDF to the client. */
export function quoteEmail(quote: QuoteEmail): RenderedEmail {
  const summary = `Devis ${quote.quoteNumber} : ${formatMoney(quote.totalCents)} TTC, valable jusqu'au ${formatDate(quote.validUntil)}.`;
  return renderEmail({
    subject: `Devis ${quote.quoteNumber} — ${quote.sellerName}`,
    preheader: summary,
    heading: `Devis ${quote.quoteNumber}`,
    name: quote.recipientName,
    intro: messageParagraphs(quote.message),
    details: [
      { label: "Montant TTC", value: formatMoney(quote.totalCents) },
      { label: "Valable jusqu'au", value: formatDate(quote.validUntil) },
    ],
    outro: [
      "Le devis est joint à cet e-mail au format PDF. Pour l'accepter, retournez-le daté et signé avec la mention « Bon pour accord ».",
    ],
    reason: `Vous recevez cet e-mail de la part de ${quote.sellerName}, qui gère sa facturation avec Ardoise.`,
  });
}
