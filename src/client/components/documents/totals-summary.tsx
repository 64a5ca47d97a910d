import { cn } from "@client/lib/cn";
import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import type { Discountable, DocumentTotals } from "@shared/domain/totals";
import { totalsWording } from "@shared/domain/totals-wording";
import { formatMoney } from "@shared/format";

export const vatRateLabel = (rateBp: number) => VAT_RATE_LABELS[rateBp as VatRateBp] ?? `${rateBp / 100} %`;

const percentLabel = (bp: number) => `${(bp / 100).toLocaleString("fr-FR")} %`;

type TotalsSummaryProps = {
  totals: Pick<
    DocumentTotals,
    "byRate" | "linesCents" | "documentDiscountCents" | "subtotalCents" | "taxCents" | "totalCents"
  >;
  /** The document discount as typed or stored, for its label (« Remise 10 % »). */
  discount?: Discountable;
  /** A seller under the VAT franchise: no VAT line, « Total à payer » (totalsWording). */
  isFranchise?: boolean;
  className?: string;
};

/**
 * Total HT (after a document discount, shown with the total before it, as the PDF prints it), then the
 * VAT of each rate on its base, then TTC: the "totaux par taux" a French invoice shows.
 */
export function TotalsSummary({ totals, discount, isFranchise = false, className }: TotalsSummaryProps) {
  const wording = totalsWording(isFranchise);
  const hasSeveralRates = totals.byRate.length > 1;
  const discountLabel =
    discount?.discountKind === "percent" ? `Remise ${percentLabel(discount.discountValue ?? 0)}` : "Remise";
  return (
    <dl className={cn("space-y-1.5 text-sm tabular-nums", className)} aria-label="Totaux">
      {totals.documentDiscountCents !== 0 ? (
        <>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{wording.beforeDiscount}</dt>
            <dd className="text-right">{formatMoney(totals.linesCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{discountLabel}</dt>
            <dd className="text-right" data-testid="document-discount">
              {formatMoney(-totals.documentDiscountCents)}
            </dd>
          </div>
        </>
      ) : null}
      {wording.showsVat ? (
        <>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Total HT</dt>
            <dd className="text-right font-medium">{formatMoney(totals.subtotalCents)}</dd>
          </div>
          {totals.byRate.map((rate) => (
            <div key={rate.vatRateBp} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">
                TVA {vatRateLabel(rate.vatRateBp)}
                {hasSeveralRates ? <span className="text-xs"> sur {formatMoney(rate.baseCents)}</span> : null}
              </dt>
              <dd className="text-right">{formatMoney(rate.vatCents)}</dd>
            </div>
          ))}
        </>
      ) : null}
      <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
        <dt>{wording.total}</dt>
        <dd className="text-right" data-testid="total-ttc">
          {formatMoney(totals.totalCents)}
        </dd>
      </div>
    </dl>
  );
}
