import { TotalsSummary, vatRateLabel } from "@client/components/documents/totals-summary";
import { computeTotals } from "@shared/domain/totals";
import { formatDate, formatMoney } from "@shared/format";
import type { QuoteDto } from "@shared/schemas/quotes";

const quantity = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });

/** The quote as it reads on paper: dates, client, lines, totals per rate, validity and the signature box. */
export function QuoteDocument({ quote }: { quote: QuoteDto }) {
  const byRate = computeTotals(quote.lines).byRate;
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

        <div className="rounded-xl border p-4 sm:ml-auto sm:w-1/2">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Adressé à</p>
          <p className="mt-1 font-medium">{quote.clientName}</p>
        </div>

        <div>
          <table className="hidden w-full border-collapse sm:table">
            <caption className="sr-only">Lignes du devis</caption>
            <thead>
              <tr className="border-b-2 text-left text-xs tracking-wide text-muted-foreground uppercase">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Qté
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  PU HT
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  TVA
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Total HT
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.id} className="border-b align-top">
                  <td className="py-3 pr-3 whitespace-pre-line">{line.description}</td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {quantity.format(line.quantity)}
                    {line.unit ? <span className="text-muted-foreground"> {line.unit}</span> : null}
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(line.unitPriceCents)}
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {vatRateLabel(line.vatRateBp)}
                  </td>
                  <td className="py-3 pl-3 text-right font-medium whitespace-nowrap tabular-nums">
                    {formatMoney(line.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y border-y sm:hidden" aria-label="Lignes du devis">
            {quote.lines.map((line) => (
              <li key={line.id} className="flex gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="whitespace-pre-line">{line.description}</p>
                  <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
                    {quantity.format(line.quantity)}
                    {line.unit ? ` ${line.unit}` : ""} × {formatMoney(line.unitPriceCents)} · TVA{" "}
                    {vatRateLabel(line.vatRateBp)}
                  </p>
                </div>
                <p className="shrink-0 text-right font-medium tabular-nums">{formatMoney(line.totalCents)}</p>
              </li>
            ))}
          </ul>
        </div>

        <div className="flex justify-end">
          <TotalsSummary
            className="w-full sm:max-w-72"
            totals={{
              byRate,
              subtotalCents: quote.subtotalCents,
              taxCents: quote.taxCents,
              totalCents: quote.totalCents,
            }}
          />
        </div>

        <div className="space-y-2">
          <p className="font-medium">Devis valable jusqu'au {formatDate(quote.validUntil)}.</p>
          {quote.notes ? <p className="whitespace-pre-line">{quote.notes}</p> : null}
          {quote.terms ? <p className="whitespace-pre-line text-muted-foreground">{quote.terms}</p> : null}
        </div>

        <div className="ml-auto h-32 w-full rounded-xl border border-dashed p-4 sm:w-80">
          <p className="font-medium">Bon pour accord</p>
          <p className="text-xs text-muted-foreground">Date, signature et mention « Bon pour accord »</p>
        </div>
      </div>
    </article>
  );
}
