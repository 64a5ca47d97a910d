import { LoadError } from "@client/components/load-error";
import { cn } from "@client/lib/cn";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatCount, formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type ActivityKind, type DashboardDto, DUE_SOON_DAYS } from "@shared/schemas/dashboard";
import type { IdentitySettingsDto } from "@shared/schemas/settings";
import {
  AlarmClock,
  CalendarClock,
  CircleCheck,
  FileText,
  FolderKanban,
  type LucideIcon,
  Receipt,
  Scale,
  Signature,
  TrendingUp,
  Users,
  Wallet,
} from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { useDashboard } from "../api/get-dashboard";
import { FirstRunChecklist } from "./first-run-checklist";
import { HealthCard } from "./health-card";
import { UrssafCard } from "./urssaf-card";

// recharts stays out of the first page: the chart module is fetched when the dashboard renders it.
const RevenueChart = lazy(() => import("./revenue-chart"));

const count = new Intl.NumberFormat("fr-FR");
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** /app — the month and the year at a glance, what falls due, what happened lately. */
export function Dashboard() {
  useDocumentTitle("Tableau de bord");
  const query = useDashboard();
  // Asked with the figures, not after them: the checklist is drawn once its identity step is known, instead
  // of « 3 sur 4 faits » on a set-up account until the settings answer (issue 31 item 11).
  const identity = useSellerIdentity();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Tableau de bord</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {query.data ? `Au ${formatDate(query.data.today)}` : "Votre activité en un coup d'œil"}
        </p>
      </div>
      {query.isPending || identity.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <LoadError
          title="Impossible de charger le tableau de bord"
          message={query.error.message}
          onRetry={() => query.refetch()}
        />
      ) : (
        <DashboardView data={query.data} settings={identity.data} />
      )}
    </div>
  );
}

function DashboardView({ data, settings }: { data: DashboardDto; settings?: IdentitySettingsDto }) {
  const isNewAccount = data.counts.clients === 0 && data.counts.invoices === 0;
  const isEmptySeries = data.series.every((point) => !point.revenueCents && !point.expensesCents);
  return (
    <>
      <FirstRunChecklist counts={data.counts} settings={settings} />
      <section
        aria-label="Indicateurs"
        className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3"
      >
        <Kpi
          icon={Wallet}
          label="Encaissé ce mois-ci"
          value={data.revenue.monthCents}
          detail={`Cette année : ${formatMoney(data.revenue.yearCents)}`}
          testId="kpi-revenue"
        />
        <Kpi
          icon={CalendarClock}
          label="En attente de paiement"
          value={data.pending.amountCents}
          detail={
            data.pending.count ? formatCount(data.pending.count, "facture") : "Aucune facture en attente"
          }
          href={paths.app.invoices.list}
          testId="kpi-pending"
        />
        <Kpi
          icon={AlarmClock}
          label="En retard"
          value={data.overdue.amountCents}
          detail={data.overdue.count ? formatCount(data.overdue.count, "facture") : "Aucun retard"}
          tone={data.overdue.count ? "danger" : undefined}
          href={`${paths.app.invoices.list}?statut=en-retard`}
          testId="kpi-overdue"
        />
        <Kpi
          icon={Receipt}
          label="Dépenses du mois"
          value={data.expenses.monthCents}
          detail={`Cette année : ${formatMoney(data.expenses.yearCents)}`}
          href={paths.app.expenses.list}
          testId="kpi-expenses"
        />
        <Kpi
          icon={Scale}
          label="Résultat net du mois"
          value={data.net.monthCents}
          detail={`Cette année : ${formatMoney(data.net.yearCents)}`}
          tone={data.net.monthCents < 0 ? "danger" : undefined}
          testId="kpi-net"
        />
        <Kpi
          icon={FolderKanban}
          label="Projets actifs"
          text={count.format(data.activeProjects)}
          detail="Projets « En cours »"
          href={paths.app.projects.list}
          testId="kpi-projects"
        />
      </section>

      {/* A new account has nothing to analyse yet: the checklist speaks instead of a low score. */}
      {isNewAccount ? null : <HealthCard expectedPendingCents={data.pending.amountCents} />}
      <UrssafCard />

      <section
        aria-labelledby="chart-title"
        className="min-w-0 rounded-xl border bg-surface p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="chart-title" className="font-semibold">
            Encaissements et dépenses
          </h2>
          <p className="text-xs text-muted-foreground">12 derniers mois, TTC</p>
        </div>
        <div className="relative mt-4 h-64 sm:h-72" role="img" aria-label={chartSummary(data.series)}>
          <Suspense fallback={<div className="size-full animate-pulse rounded-lg bg-muted" />}>
            <RevenueChart series={data.series} />
          </Suspense>
          {isEmptySeries ? (
            <p className="absolute top-1/3 left-1/2 w-max max-w-[80%] -translate-x-1/2 rounded-lg bg-surface/90 px-3 py-2 text-center text-sm text-muted-foreground">
              Vos encaissements et dépenses des 12 derniers mois s'afficheront ici.
            </p>
          ) : null}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <DueSoon items={data.dueSoon} />
        <Activity items={data.activity} />
      </div>
    </>
  );
}

/** What a screen reader hears instead of the bars. */
function chartSummary(series: DashboardDto["series"]): string {
  const revenue = series.reduce((sum, point) => sum + point.revenueCents, 0);
  const expenses = series.reduce((sum, point) => sum + point.expensesCents, 0);
  return `Sur 12 mois : ${formatMoney(revenue)} encaissés, ${formatMoney(expenses)} de dépenses.`;
}

type KpiProps = {
  icon: LucideIcon;
  label: string;
  value?: number;
  text?: string;
  detail: string;
  tone?: "danger";
  href?: string;
  testId: string;
};

function Kpi({ icon: Icon, label, value, text, detail, tone, href, testId }: KpiProps) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span
          className={cn(
            "flex size-8 items-center justify-center rounded-lg bg-muted text-muted-foreground",
            tone === "danger" && "bg-danger/10 text-danger",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p
        className={cn(
          "mt-2 text-2xl font-semibold tracking-tight tabular-nums",
          tone === "danger" && "text-danger",
        )}
        data-testid={testId}
      >
        {text ?? formatMoney(value ?? 0)}
      </p>
      <p className="mt-1 truncate text-xs text-muted-foreground">{detail}</p>
    </>
  );
  const className = "block rounded-xl border bg-surface p-4 shadow-sm";
  return href ? (
    <Link to={href} className={cn(className, "transition-colors hover:bg-muted/60")}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `dashboard-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    // min-w-0: a grid item may shrink below its longest line, so truncated texts stay inside a phone's width.
    <section aria-labelledby={id} className="min-w-0 rounded-xl border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      <Icon className="size-6" aria-hidden="true" />
      {children}
    </div>
  );
}

function DueSoon({ items }: { items: DashboardDto["dueSoon"] }) {
  return (
    <Card
      title="Échéances à venir"
      action={<span className="text-xs text-muted-foreground">{DUE_SOON_DAYS} prochains jours</span>}
    >
      {items.length === 0 ? (
        <Empty icon={CircleCheck}>Aucune facture n'arrive à échéance dans les {DUE_SOON_DAYS} jours.</Empty>
      ) : (
        <ul className="divide-y">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.href}
                className="-mx-2 flex items-center justify-between gap-3 rounded-lg px-2 py-2.5 hover:bg-muted/60"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">
                    {item.number ?? "Facture"} · {item.clientName}
                  </p>
                  <p className="text-xs text-muted-foreground">Échéance le {formatDate(item.dueDate)}</p>
                </div>
                <span className="shrink-0 text-sm font-medium tabular-nums">
                  {formatMoney(item.remainingCents)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const activityIcons: Record<ActivityKind, LucideIcon> = {
  invoice_issued: FileText,
  credit_note_issued: FileText,
  payment_received: TrendingUp,
  quote_accepted: CircleCheck,
  client_created: Users,
  expense_created: Receipt,
  contract_signed: Signature,
  project_created: FolderKanban,
};

function Activity({ items }: { items: DashboardDto["activity"] }) {
  return (
    <Card title="Activité récente">
      {items.length === 0 ? (
        <Empty icon={TrendingUp}>Vos factures, paiements et nouveaux clients apparaîtront ici.</Empty>
      ) : (
        <ul className="divide-y">
          {items.map((item) => {
            const Icon = activityIcons[item.kind];
            return (
              <li key={item.id}>
                <Link
                  to={item.href}
                  className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-muted/60"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm">
                      <span className="font-medium">{item.title}</span>
                      <span className="text-muted-foreground"> · {item.detail}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">{dateTime.format(new Date(item.at))}</p>
                  </div>
                  {item.amountCents !== null ? (
                    <span className="shrink-0 text-sm tabular-nums">{formatMoney(item.amountCents)}</span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Chargement du tableau de bord" className="space-y-6">
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {[1, 2, 3, 4, 5, 6].map((key) => (
          <div key={key} className="h-28 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
      <div className="h-80 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}
