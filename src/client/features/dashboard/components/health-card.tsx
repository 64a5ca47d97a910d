import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { AnalysisDto, BusinessAction, Insight, InsightPriority } from "@shared/schemas/analysis";
import {
  ArrowRight,
  CircleCheck,
  type LucideIcon,
  RefreshCw,
  TrendingDown,
  TrendingUp,
  TriangleAlert,
  Wallet,
} from "lucide-react";
import { Link } from "react-router";
import { useAnalysis } from "../api/get-analysis";
import { linkActions } from "./link-actions";

/**
 * "Santé de l'activité": the score of spec §9, what needs attention, and what the coming weeks hold.
 * `expectedPendingCents`: the dashboard's pending total beside it, which the forecast must agree with.
 */
export function HealthCard({ expectedPendingCents }: { expectedPendingCents?: number } = {}) {
  const query = useAnalysis(expectedPendingCents);
  return (
    <section
      aria-labelledby="health-title"
      className="min-w-0 rounded-xl border bg-surface p-4 shadow-sm sm:p-5"
      data-testid="health-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="health-title" className="font-semibold">
          Santé de l'activité
        </h2>
        <p className="text-xs text-muted-foreground">
          Analyse de vos données, actualisée toutes les 5 minutes
        </p>
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Analyse en cours" className="mt-4 grid gap-4 lg:grid-cols-3">
          {[1, 2, 3].map((key) => (
            <div key={key} className="h-40 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <TriangleAlert className="size-5 text-danger" aria-hidden="true" />
          <span className="min-w-0 flex-1">Impossible de calculer l'analyse : {query.error.message}</span>
          <button
            type="button"
            onClick={() => query.refetch()}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <RefreshCw aria-hidden="true" />
            Réessayer
          </button>
        </div>
      ) : (
        <div className="mt-4 grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] xl:grid-cols-[13rem_minmax(0,1fr)_17rem]">
          {hasHistory(query.data) ? (
            <>
              <Score score={query.data.healthScore} factors={query.data.scoreFactors} />
              <Insights insights={query.data.insights} actions={query.data.actions} />
            </>
          ) : (
            <NextSteps />
          )}
          <Forecast predictions={query.data.predictions} />
        </div>
      )}
    </section>
  );
}

/**
 * The score weighs collections against receivables: before the first payment it can only read « Fragile »,
 * and its insights « Urgent », on an account that is merely new (issue 31 item 19). Until then the card says
 * what to do next instead.
 */
const hasHistory = (analysis: AnalysisDto) => analysis.figures.yearRevenueCents > 0;

function NextSteps() {
  return (
    <div className="rounded-lg border border-dashed p-4 text-sm md:col-span-1 xl:col-span-2">
      <h3 className="font-medium">Prochaines étapes</h3>
      <p className="mt-1 text-muted-foreground">
        Le score de santé apparaîtra après votre premier encaissement : il compare ce que vous encaissez à ce
        qui vous est dû.
      </p>
      <ul className="mt-3 space-y-2">
        <li>
          <Link
            to={`${paths.app.invoices.list}?statut=en-attente`}
            className="font-medium text-primary hover:underline"
          >
            Enregistrer un paiement reçu
            <ArrowRight className="ml-1 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
          </Link>
        </li>
        <li>
          <Link to={paths.app.invoices.new} className="font-medium text-primary hover:underline">
            Préparer une facture
            <ArrowRight className="ml-1 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
          </Link>
        </li>
      </ul>
    </div>
  );
}

type Tier = { label: string; className: string };

/** The colours follow spec §9's insight thresholds: under 70 deserves attention, under 50 is urgent. */
function tierOf(score: number): Tier {
  if (score >= 70) return { label: "Bonne santé", className: "text-emerald-700 dark:text-emerald-400" };
  if (score >= 50) return { label: "À surveiller", className: "text-amber-700 dark:text-amber-400" };
  return { label: "Fragile", className: "text-danger" };
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const signed = new Intl.NumberFormat("fr-FR", { signDisplay: "always" });

function Score({ score, factors }: { score: number; factors: AnalysisDto["scoreFactors"] }) {
  const tier = tierOf(score);
  return (
    <div className="flex flex-col items-center gap-3 min-[420px]:flex-row md:flex-col md:items-stretch">
      {/* The ring is drawn for the eye; assistive technologies read the native meter. */}
      <div className={cn("relative mx-auto size-36 shrink-0", tier.className)}>
        <meter
          className="sr-only"
          min={0}
          max={100}
          low={50}
          high={70}
          optimum={100}
          value={score}
          aria-label="Score de santé"
        >
          {score} sur 100, {tier.label.toLowerCase()}
        </meter>
        <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-muted" />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            stroke="currentColor"
            strokeDasharray={`${(score / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          />
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center">
          <span
            className="text-4xl font-semibold tracking-tight text-foreground tabular-nums"
            data-testid="health-score"
          >
            {score}
          </span>
          <span className="text-xs text-muted-foreground">sur 100</span>
        </div>
      </div>
      <div className="w-full min-w-0">
        <p
          className={cn(
            "text-center text-sm font-semibold min-[420px]:text-left md:text-center",
            tier.className,
          )}
        >
          {tier.label}
        </p>
        <ul className="mt-2 space-y-1 text-xs text-muted-foreground" aria-label="Détail du score">
          <li className="flex gap-2">
            <span className="w-7 shrink-0 text-right font-medium tabular-nums">70</span>
            <span>Base</span>
          </li>
          {factors.map((factor) => (
            <li key={factor.id} className="flex gap-2">
              <span
                className={cn(
                  "w-7 shrink-0 text-right font-medium tabular-nums",
                  factor.points > 0 ? "text-emerald-700 dark:text-emerald-400" : "text-danger",
                )}
              >
                {signed.format(factor.points)}
              </span>
              <span>{factor.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const priorityBadges: Record<InsightPriority, { tone: BadgeTone; label: string }> = {
  urgent: { tone: "danger", label: "Urgent" },
  important: { tone: "warning", label: "Important" },
  optional: { tone: "info", label: "Optionnel" },
};

const typeIcons: Record<Insight["type"], LucideIcon> = {
  financial: Wallet,
  risk: TriangleAlert,
  opportunity: TrendingUp,
};

function Insights({ insights, actions }: Pick<AnalysisDto, "insights" | "actions">) {
  const links = linkActions(insights, actions);
  if (insights.length === 0)
    return (
      <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        <CircleCheck className="size-6 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        Rien ne demande votre attention pour l'instant.
      </div>
    );
  return (
    <ul className="min-w-0 space-y-3" aria-label="Points d'attention">
      {insights.map((insight) => (
        <InsightItem key={insight.id} insight={insight} action={links.get(insight.id)} />
      ))}
    </ul>
  );
}

function InsightItem({ insight, action }: { insight: Insight; action?: BusinessAction }) {
  const Icon = typeIcons[insight.type];
  const badge = priorityBadges[insight.priority];
  const isUrgent = insight.priority === "urgent";
  return (
    <li
      className={cn(
        "flex gap-3 rounded-lg border p-3",
        isUrgent && "border-danger/40 bg-danger/5 dark:bg-danger/10",
      )}
    >
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground",
          isUrgent && "bg-danger/10 text-danger",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <p className="min-w-0 text-sm font-medium">{insight.title}</p>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{insight.description}</p>
        {insight.prediction ? (
          <p className="mt-1 text-xs text-muted-foreground">{insight.prediction}</p>
        ) : null}
        {action?.href ? (
          <p className="mt-2">
            {/* Inline, not flex: a title on two lines keeps its arrow right after the last word. */}
            <Link to={action.href} className="rounded text-sm font-medium text-primary hover:underline">
              {action.title}
              <ArrowRight className="ml-1 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
            </Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}

const trendFormat = new Intl.NumberFormat("fr-FR", { signDisplay: "exceptZero" });
const confidenceLabels = {
  low: "Peu d'historique : prévision indicative",
  medium: "Fondée sur 3 à 5 mois d'historique",
  high: "Fondée sur 6 mois d'historique ou plus",
} as const;

function Forecast({ predictions }: Pick<AnalysisDto, "predictions">) {
  const { cashFlow, revenue } = predictions;
  const TrendIcon = revenue.trend === "down" ? TrendingDown : TrendingUp;
  return (
    <div className="min-w-0 md:col-span-2 xl:col-span-1">
      <h3 className="text-sm font-medium">Trésorerie prévisionnelle</h3>
      <p className="text-xs text-muted-foreground">
        Factures attendues, moins vos dépenses habituelles (
        {formatMoney(cashFlow.averageMonthlyExpensesCents)} par mois)
      </p>
      <dl className="mt-3 grid gap-2 sm:grid-cols-3 xl:grid-cols-1">
        {cashFlow.horizons.map((horizon) => (
          // dt and dd straight under the group's div, as a dl requires; the grid lays them out.
          <div
            key={horizon.days}
            className="grid min-w-0 grid-cols-[1fr_auto] items-baseline gap-x-2 rounded-lg bg-muted/60 px-3 py-2"
          >
            <dt className="text-xs text-muted-foreground">Sous {horizon.days} jours</dt>
            <dd
              className={cn(
                "text-sm font-semibold whitespace-nowrap tabular-nums",
                horizon.netCents < 0 && "text-danger",
              )}
            >
              {formatMoney(horizon.netCents)}
            </dd>
            <dd className="col-span-2 mt-0.5 text-xs text-muted-foreground tabular-nums">
              {formatMoney(horizon.inflowCents)} attendus · {formatMoney(horizon.outflowCents)} de dépenses
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 border-t pt-3">
        <p className="text-xs text-muted-foreground">Encaissements prévus le mois prochain</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-base font-semibold tabular-nums">
          {formatMoney(revenue.nextMonthCents)}
          {revenue.changePercent !== null && revenue.trend !== "stable" ? (
            <span
              className={cn(
                "inline-flex items-center gap-1 text-xs font-medium",
                revenue.trend === "down" ? "text-danger" : "text-emerald-700 dark:text-emerald-400",
              )}
            >
              <TrendIcon className="size-3.5" aria-hidden="true" />
              {trendFormat.format(revenue.changePercent)} %
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">{confidenceLabels[revenue.confidence]}</p>
      </div>
    </div>
  );
}
