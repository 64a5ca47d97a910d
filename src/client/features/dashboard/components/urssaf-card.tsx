import { buttonStyles } from "@client/components/ui/button-styles";
import { useUrssafOverview } from "@client/lib/urssaf-overview";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { Landmark } from "lucide-react";
import { Link } from "react-router";

/**
 * « À déclarer à l'URSSAF »: the next declaration's amount and deadline, or an invitation to fill the
 * settings it needs. Its own query: the rules' evaluation stays out of the dashboard's aggregate.
 */
export function UrssafCard() {
  const { data } = useUrssafOverview();
  if (!data) return null;
  const declaration = data.declaration;
  const alert = data.year?.thresholds.find((threshold) => threshold.message);
  return (
    <section
      aria-labelledby="urssaf-card-title"
      className="min-w-0 rounded-xl border bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
          <Landmark className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="urssaf-card-title" className="font-semibold">
            À déclarer à l'URSSAF
          </h2>
          {declaration ? (
            <>
              <p className="text-2xl font-semibold tabular-nums">
                {formatMoney(declaration.figures.totalCents)}
              </p>
              <p className="text-sm text-muted-foreground">
                {declaration.period.label} · {formatMoney(declaration.figures.declaredTurnoverCents)}{" "}
                encaissés · avant le {formatDate(declaration.period.deadline)}
                {declaration.isInProgress ? " (période en cours)" : ""}
              </p>
              {alert ? <p className="text-sm font-medium">{alert.message}</p> : null}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              Renseignez votre activité et votre fréquence de déclaration pour voir vos cotisations à payer.
            </p>
          )}
        </div>
        <Link to={paths.app.urssaf} className={buttonStyles({ variant: "secondary", size: "sm" })}>
          {declaration ? "Voir le détail" : "Renseigner"}
        </Link>
      </div>
    </section>
  );
}
