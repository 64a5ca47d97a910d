import { DocumentLines, DocumentTotalsBlock } from "@client/components/documents/document-lines";
import { DocumentParties, sellerParty, useClientParty } from "@client/components/documents/document-parties";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { vatMention } from "@shared/domain/legal-identity";
import { computeTotals } from "@shared/domain/totals";
import { formatDate } from "@shared/format";
import { depositAskedText, type QuoteDto } from "@shared/schemas/quotes";

/**
 * The quote as it reads on paper: dates, both parties (the seller's settings and the client record, as the
 * PDF prints them), lines, totals per rate, mentions, validity and the signature box.
 */
export function QuoteDocument({ quote }: { quote: QuoteDto }) {
  const { data: settings } = useSellerIdentity();
  const client = useClientParty(quote.clientId);
  return (
    <article
      aria-label="Aperçu du devis"
      className="relative mx-auto w-full max-w-[52rem] overflow-hidden rounded-lg border bg-surface text-sm shadow-md sm:p-12"
    >
      {quote.status === "brouillon" ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center text-7xl font-bold tracking-widest text-muted-foreground/10 select-none sm:text-9xl"
          style={{ transform: "rotate(-30deg)" }}
        >
          BROUILLON
        </span>
      ) : null}
      <div className="relative space-y-8 p-5 sm:p-0">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-2xl font-semibold tracking-tight text-primary uppercase">Devis</p>
            <p className="mt-1 text-base font-medium text-muted-foreground tabular-nums">
              {quote.quoteNumber}
            </p>
          </div>
          <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 whitespace-nowrap sm:text-right">
            <dt className="text-muted-foreground">Date du devis</dt>
            <dd>{formatDate(quote.date)}</dd>
            <dt className="text-muted-foreground">Valable jusqu'au</dt>
            <dd className="font-medium">{formatDate(quote.validUntil)}</dd>
          </dl>
        </header>

        <DocumentParties
          seller={settings ? sellerParty(settings.identity) : null}
          buyer={client ?? { name: quote.clientName, address: [], identifiers: [] }}
          buyerTitle="Adressé à"
        />

        <DocumentLines lines={quote.lines} label="Lignes du devis" />

        <DocumentTotalsBlock document={quote} isFranchise={settings?.identity.vatRegime === "franchise"} />

        <div className="space-y-2">
          <p className="font-medium">Devis valable jusqu'au {formatDate(quote.validUntil)}.</p>
          {settings && quote.depositPercentBp !== null ? (
            <p>
              {depositAskedText(
                computeTotals(quote.lines, quote).byRate,
                quote.depositPercentBp,
                settings.identity.vatRegime === "franchise",
              )}
              .
            </p>
          ) : null}
          {quote.notes ? <p className="whitespace-pre-line">{quote.notes}</p> : null}
          {quote.terms ? <p className="whitespace-pre-line text-muted-foreground">{quote.terms}</p> : null}
          {settings && vatMention(settings.identity) ? (
            <p className="text-xs text-muted-foreground">{vatMention(settings.identity)}</p>
          ) : null}
        </div>

        <div className="ml-auto h-32 w-full rounded-xl border border-dashed p-4 sm:w-80">
          <p className="font-medium">Bon pour accord</p>
          <p className="text-xs text-muted-foreground">Date, signature et mention « Bon pour accord »</p>
        </div>
      </div>
    </article>
  );
}
