import { LoadError } from "@client/components/load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { SectionCard } from "@client/components/ui/section-card";
import { cn } from "@client/lib/cn";
import { useUrssafOverview } from "@client/lib/urssaf-overview";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { DeclarationDto, UrssafOverviewDto } from "@shared/schemas/urssaf";
import { BookOpen, ChevronLeft, ChevronRight, Gauge, Landmark, Settings2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { UrssafSettingsForm } from "./urssaf-settings-form";

/** The micro-entrepreneur's URSSAF help: settings, a period's declaration, the year's thresholds. */
export function UrssafPage() {
  const [params, setParams] = useSearchParams();
  const day = params.get("jour") ?? undefined;
  const { data, isPending, isError, error, refetch } = useUrssafOverview(day);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Déclaration URSSAF</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Le chiffre d'affaires encaissé à déclarer et vos cotisations, calculés avec les règles officielles
          de l'URSSAF (mon-entreprise.urssaf.fr). La déclaration se fait sur autoentrepreneur.urssaf.fr.
        </p>
      </div>
      {isPending ? (
        <div className="h-48 animate-pulse rounded-2xl bg-muted" />
      ) : isError ? (
        <LoadError
          title="Impossible de charger vos chiffres URSSAF"
          message={error.message}
          onRetry={() => refetch()}
        />
      ) : (
        <>
          {data.declaration ? (
            <Declaration declaration={data.declaration} onNavigate={(next) => setParams({ jour: next })} />
          ) : null}
          {data.year ? <Thresholds year={data.year} /> : null}
          <SectionCard
            id="reglages"
            icon={Settings2}
            title="Vos réglages"
            description={
              data.settings
                ? "Modifiez-les si votre situation change."
                : "Renseignez votre situation pour voir ce que vous aurez à déclarer et à payer."
            }
          >
            <UrssafSettingsForm settings={data.settings} suggestedActivity={data.suggestedActivity} />
          </SectionCard>
          <Link to={paths.app.books} className={buttonStyles({ variant: "secondary" })}>
            <BookOpen aria-hidden="true" />
            Livre des recettes et registre des achats
          </Link>
        </>
      )}
    </div>
  );
}

function Declaration({
  declaration,
  onNavigate,
}: {
  declaration: DeclarationDto;
  onNavigate: (day: string) => void;
}) {
  const { period, figures } = declaration;
  const rows = [
    ["Cotisations sociales", figures.contributionsCents],
    ["Contribution à la formation professionnelle (CFP)", figures.cfpCents],
    ...(figures.chamberTaxCents
      ? [["Taxe pour frais de chambre consulaire", figures.chamberTaxCents] as const]
      : []),
    ...(figures.versementLiberatoireCents
      ? [["Versement libératoire de l'impôt sur le revenu", figures.versementLiberatoireCents] as const]
      : []),
  ] as const;
  return (
    <SectionCard
      id="declaration"
      icon={Landmark}
      title={`Période : ${period.label}`}
      description={`À déclarer et payer au plus tard le ${formatDate(period.deadline)}${declaration.isInProgress ? " · période en cours, les montants évoluent" : ""}.`}
    >
      {declaration.isOverdue ? (
        <p role="alert" className="mb-4 rounded-lg bg-danger/10 p-3 text-sm text-danger">
          La date limite est passée : déclarez au plus vite pour éviter les majorations.
        </p>
      ) : null}
      <dl className="space-y-2 text-sm">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">
            Chiffre d'affaires encaissé à déclarer ({declaration.paymentCount} paiement
            {declaration.paymentCount > 1 ? "s" : ""}, hors TVA)
          </dt>
          <dd className="font-semibold tabular-nums">{formatMoney(figures.declaredTurnoverCents)}</dd>
        </div>
        {rows.map(([label, cents]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{formatMoney(cents)}</dd>
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-4 border-t pt-2 text-base">
          <dt className="font-semibold">Total à payer</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(figures.totalCents)}</dd>
        </div>
      </dl>
      {declaration.hasAcre ? (
        <p className="mt-3 text-xs text-muted-foreground">
          Taux réduit de l'ACRE appliqué sur cette période.
        </p>
      ) : null}
      <nav aria-label="Périodes" className="mt-5 flex flex-wrap justify-between gap-2">
        <button
          type="button"
          className={buttonStyles({ variant: "secondary", size: "sm" })}
          onClick={() => onNavigate(declaration.previousDay)}
        >
          <ChevronLeft aria-hidden="true" />
          Période précédente
        </button>
        {declaration.nextDay ? (
          <button
            type="button"
            className={buttonStyles({ variant: "secondary", size: "sm" })}
            onClick={() => declaration.nextDay && onNavigate(declaration.nextDay)}
          >
            Période suivante
            <ChevronRight aria-hidden="true" />
          </button>
        ) : null}
      </nav>
    </SectionCard>
  );
}

const LEVEL_STYLE = { ok: "bg-primary", approche: "bg-amber-500", dépassé: "bg-danger" } as const;

function Thresholds({ year }: { year: NonNullable<UrssafOverviewDto["year"]> }) {
  return (
    <SectionCard
      id="seuils"
      icon={Gauge}
      title={`Seuils ${year.year}`}
      description={`${formatMoney(year.receivedCents)} encaissés hors TVA cette année.`}
    >
      <ul className="space-y-4">
        {year.thresholds.map((threshold) => (
          <li key={threshold.kind} className="space-y-1.5 text-sm">
            <div className="flex flex-wrap justify-between gap-x-4">
              <span>{threshold.label}</span>
              <span className="tabular-nums text-muted-foreground">
                {Math.round(threshold.ratio * 100)} % de{" "}
                {formatMoney(threshold.limitCents, { dropZeroCents: true })}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={threshold.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(100, Math.round(threshold.ratio * 100))}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={cn("h-full rounded-full", LEVEL_STYLE[threshold.level])}
                style={{ width: `${Math.min(100, threshold.ratio * 100)}%` }}
              />
            </div>
            {threshold.message ? (
              <p role={threshold.level === "dépassé" ? "alert" : undefined} className="text-sm font-medium">
                {threshold.message}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
