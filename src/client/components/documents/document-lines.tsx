import { computeTotals, type Discountable, type DocumentTotals } from "@shared/domain/totals";
import { formatMoney, formatUnit } from "@shared/format";
import type { InvoiceLineDto } from "@shared/schemas/invoices";
import { TotalsSummary, vatRateLabel } from "./totals-summary";

/** A stored line; a quote's lines have the same type. */
type DocumentLine = InvoiceLineDto;

const quantity = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });

type DocumentLinesProps = {
  lines: readonly DocumentLine[];
  /** Names the table and the list for screen readers, e.g. "Lignes de la facture". */
  label: string;
  /** Shown under the lines when there are none; nothing when absent. */
  emptyText?: string;
};

/**
 * The lines of an issued-looking invoice or quote: a table from `sm` up, a list on phones (the same
 * numbers, stacked, so nothing scrolls sideways at 390 px).
 */
export function DocumentLines({ lines, label, emptyText }: DocumentLinesProps) {
  return (
    <div>
      <table className="hidden w-full border-collapse sm:table">
        <caption className="sr-only">{label}</caption>
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
          {lines.map((line) => (
            <tr key={line.id} className="border-b align-top">
              <td className="py-3 pr-3 whitespace-pre-line">{line.description}</td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {quantity.format(line.quantity)}
                {line.unit ? (
                  <span className="text-muted-foreground"> {formatUnit(line.quantity, line.unit)}</span>
                ) : null}
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
      <ul className="divide-y border-y sm:hidden" aria-label={label}>
        {lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="whitespace-pre-line">{line.description}</p>
              <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
                {quantity.format(line.quantity)}
                {line.unit ? ` ${formatUnit(line.quantity, line.unit)}` : ""} ×{" "}
                {formatMoney(line.unitPriceCents)} · TVA {vatRateLabel(line.vatRateBp)}
              </p>
            </div>
            <p className="shrink-0 text-right font-medium tabular-nums">{formatMoney(line.totalCents)}</p>
          </li>
        ))}
      </ul>
      {emptyText && lines.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">{emptyText}</p>
      ) : null}
    </div>
  );
}

type DocumentTotalsBlockProps = {
  /** The stored document: its lines give the VAT per rate, its own fields the totals it was saved with. */
  document: Pick<DocumentTotals, "subtotalCents" | "taxCents" | "totalCents"> &
    Discountable & { lines: readonly DocumentLine[] };
  /** The seller (frozen at issue, or the settings for a draft) is under the VAT franchise. */
  isFranchise: boolean;
};

/** The totals under a document's lines, right-aligned, with its discount and the VAT of each rate. */
export function DocumentTotalsBlock({ document, isFranchise }: DocumentTotalsBlockProps) {
  // The document discount lowers each rate's base: the VAT shown is on what is left.
  const { byRate, linesCents, documentDiscountCents } = computeTotals(document.lines, document);
  return (
    <div className="flex justify-end">
      <TotalsSummary
        className="w-full sm:max-w-72"
        discount={document}
        isFranchise={isFranchise}
        totals={{
          byRate,
          linesCents,
          documentDiscountCents,
          subtotalCents: document.subtotalCents,
          taxCents: document.taxCents,
          totalCents: document.totalCents,
        }}
      />
    </div>
  );
}
