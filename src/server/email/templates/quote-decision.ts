import { formatMoney, formatParisDateTime } from "@shared/format";
import { paths } from "@shared/paths";
import { type RenderedEmail, renderEmail } from "../layout";

type QuoteDecisionEmail = {
  decision: "accepted" | "refused";
  quoteId: string;
  quoteNumber: string;
  clientName: string;
  totalCents: number;
  signerName: string;
  reason: string | null;
  decidedAt: string;
  /** The invoice draft made at once when the freelancer chose automatic conversion. */
  hasInvoiceDraft: boolean;
  appUrl: string;
};

/** Tells the freelancer that the client accepted or refused a quote through its link. */
export function quoteDecisionEmail(quote: QuoteDecisionEmail): RenderedEmail {
  const isAccepted = quote.decision === "accepted";
  const verb = isAccepted ? "accepté" : "refusé";
  return renderEmail({
    subject: `Devis ${quote.quoteNumber} ${verb} par ${quote.clientName}`,
    preheader: `${quote.signerName} a ${verb} le devis ${quote.quoteNumber} (${formatMoney(quote.totalCents)} TTC).`,
    heading: `Devis ${quote.quoteNumber} ${verb}`,
    intro: [
      isAccepted
        ? `${quote.signerName} a donné son « Bon pour accord » en ligne sur votre devis. Le certificat d'acceptation est disponible sur la page du devis.`
        : `${quote.signerName} a refusé votre devis en ligne.`,
      ...(isAccepted
        ? [
            quote.hasInvoiceDraft
              ? "Comme vous l'avez choisi, une facture brouillon a été préparée à partir du devis."
              : "Vous pouvez le convertir en facture en un clic depuis la page du devis.",
          ]
        : []),
    ],
    details: [
      { label: "Client", value: quote.clientName },
      { label: "Montant TTC", value: formatMoney(quote.totalCents) },
      { label: "Signataire", value: quote.signerName },
      { label: "Date", value: formatParisDateTime(quote.decidedAt) },
      ...(quote.reason ? [{ label: "Raison du refus", value: quote.reason }] : []),
    ],
    action: { label: "Voir le devis", url: `${quote.appUrl}${paths.app.quotes.detail(quote.quoteId)}` },
    reason: "Vous recevez cet e-mail car vous avez partagé ce devis par un lien Ardoise.",
  });
}
