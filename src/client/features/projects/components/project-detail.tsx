import { Badge } from "@client/components/data-list/badge";
import { RecordLoadError } from "@client/components/record-load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { cn } from "@client/lib/cn";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { ProjectDetailDto } from "@shared/schemas/projects";
import { ArrowLeft, FolderX, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useDeleteProject } from "../api/delete-project";
import { useProject } from "../api/get-project";
import { useUpdateProject } from "../api/update-project";
import { ProjectForm } from "./project-form";
import { ProjectStatusBadge } from "./project-status-badge";
import { TaskList } from "./task-list";

const EDIT_ACTION = "edit";

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.app.projects.list}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Projets
      </Link>
      {children}
    </div>
  );
}

/** /app/projects/:id — the project, its tasks, its budget against what was invoiced, and linked records. */
export function ProjectDetail({ id }: { id: string }) {
  const query = useProject(id);
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(query.data?.project.name ?? "Projet");
  if (query.isPending)
    return (
      <Page>
        <div role="status" aria-label="Chargement du projet" className="space-y-4">
          <div className="h-8 w-1/3 animate-pulse rounded bg-muted" />
          <div className="h-24 animate-pulse rounded-2xl bg-muted" />
          <div className="h-64 animate-pulse rounded-2xl bg-muted" />
        </div>
      </Page>
    );
  if (query.isError)
    return (
      <Page>
        <RecordLoadError
          error={query.error}
          onRetry={() => query.refetch()}
          icon={<FolderX className="size-6" aria-hidden="true" />}
          missingTitle="Projet introuvable"
          missingDescription="Ce projet n'existe pas ou a été supprimé."
          failedTitle="Impossible de charger le projet"
          backTo={paths.app.projects.list}
          backLabel="Retour aux projets"
        />
      </Page>
    );

  const detail = query.data;
  const { project } = detail;
  const isEditing = searchParams.get("action") === EDIT_ACTION;
  const setEditing = (next: boolean) =>
    setSearchParams(next ? { action: EDIT_ACTION } : {}, { replace: !next });

  return (
    <Page>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{project.name}</h1>
            <ProjectStatusBadge status={project.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {project.clientId ? (
              <Link
                to={paths.app.clients.detail(project.clientId)}
                className="font-medium text-primary hover:underline"
              >
                {project.clientName}
              </Link>
            ) : (
              "Sans client"
            )}
            {project.startDate ? ` · du ${formatDate(project.startDate)}` : ""}
            {project.endDate ? ` au ${formatDate(project.endDate)}` : ""}
          </p>
        </div>
        {isEditing ? null : <ProjectActions detail={detail} onEdit={() => setEditing(true)} />}
      </header>

      {isEditing ? (
        <EditProject detail={detail} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Budget detail={detail} />
          {project.description ? (
            <p className="rounded-2xl border bg-surface p-4 text-sm whitespace-pre-line shadow-sm sm:p-6">
              {project.description}
            </p>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <TaskList projectId={project.id} tasks={detail.tasks} />
            <Related detail={detail} />
          </div>
        </>
      )}
    </Page>
  );
}

function ProjectActions({ detail, onEdit }: { detail: ProjectDetailDto; onEdit: () => void }) {
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteProject();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={onEdit} className={buttonStyles({ variant: "secondary" })}>
        <Pencil aria-hidden="true" />
        Modifier
      </button>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonStyles({ variant: "ghost", className: "text-danger hover:bg-danger/10" })}
      >
        <Trash2 aria-hidden="true" />
        Supprimer
      </button>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title="Supprimer ce projet ?"
        confirmLabel="Supprimer le projet"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(detail.project.id, {
            onSuccess: () => {
              toast.success("Projet supprimé");
              navigate(paths.app.projects.list);
            },
            onError: (error) => {
              setConfirming(false);
              toast.error("Une erreur est survenue", { description: error.message });
            },
          })
        }
      >
        <p>
          Le projet et ses {detail.tasks.length} tâche{detail.tasks.length > 1 ? "s" : ""} sont supprimés. Les
          factures, devis et contrats liés sont conservés, sans lien vers le projet.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function EditProject({ detail, onDone }: { detail: ProjectDetailDto; onDone: () => void }) {
  const update = useUpdateProject();
  return (
    <ProjectForm
      initial={detail.project}
      submitLabel="Enregistrer"
      isPending={update.isPending}
      onCancel={onDone}
      onSubmit={async (input) => {
        // PATCH leaves an omitted field unchanged: emptied fields are sent as null to clear them.
        await update.mutateAsync({
          id: detail.project.id,
          input: {
            ...input,
            description: input.description ?? null,
            clientId: input.clientId ?? null,
            budgetCents: input.budgetCents ?? null,
            hourlyRateCents: input.hourlyRateCents ?? null,
            startDate: input.startDate ?? null,
            endDate: input.endDate ?? null,
          },
        });
        toast.success("Projet enregistré");
        onDone();
      }}
    />
  );
}

function Budget({ detail }: { detail: ProjectDetailDto }) {
  const { project, totals } = detail;
  const budget = project.budgetCents;
  const ratio = budget ? totals.invoicedCents / budget : 0;
  const items = [
    { label: "Budget HT", value: budget === null ? "Non défini" : formatMoney(budget) },
    { label: "Facturé HT", value: formatMoney(totals.invoicedCents), testId: "project-invoiced" },
    { label: "Encaissé TTC", value: formatMoney(totals.paidCents) },
    {
      label: "Taux horaire",
      value: project.hourlyRateCents === null ? "—" : `${formatMoney(project.hourlyRateCents)} / h`,
    },
  ];
  return (
    <section
      aria-label="Budget et facturation"
      className="rounded-2xl border bg-surface p-4 shadow-sm sm:p-6"
    >
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="min-w-0">
            <dt className="text-xs text-muted-foreground sm:text-sm">{item.label}</dt>
            <dd data-testid={item.testId} className="mt-1 truncate text-lg font-semibold tabular-nums">
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      {budget ? (
        <div className="mt-4 space-y-1.5">
          {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; <meter> cannot be themed across browsers */}
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="meter"
            aria-label="Part du budget facturée"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(ratio * 100)}
          >
            <div
              className={cn("h-full rounded-full", ratio > 1 ? "bg-danger" : "bg-primary")}
              style={{ width: `${Math.min(100, ratio * 100)}%` }}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            {Math.round(ratio * 100)} % du budget facturé
            {ratio > 1 ? " : budget dépassé" : ` · reste ${formatMoney(budget - totals.invoicedCents)}`}
          </p>
        </div>
      ) : null}
    </section>
  );
}

const statusText = (status: string) =>
  ({ "en-attente": "En attente", "en-retard": "En retard" })[status] ??
  status.charAt(0).toUpperCase() + status.slice(1);

function RelatedGroup({
  title,
  items,
  empty,
}: {
  title: string;
  items: { id: string; href: string; label: string; status: string; amount: string }[];
  empty: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.href}
                className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-muted"
              >
                <span className="min-w-0 truncate font-medium">{item.label}</span>
                <span className="flex shrink-0 items-center gap-2">
                  <span className="tabular-nums">{item.amount}</span>
                  <Badge>{statusText(item.status)}</Badge>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Related({ detail }: { detail: ProjectDetailDto }) {
  return (
    <aside
      aria-label="Documents liés"
      className="space-y-5 rounded-2xl border bg-surface p-4 shadow-sm sm:p-6"
    >
      <RelatedGroup
        title="Factures"
        empty="Aucune facture liée."
        items={detail.invoices.map((invoice) => ({
          id: invoice.id,
          href: paths.app.invoices.detail(invoice.id),
          label: invoice.number ?? "Brouillon",
          status: invoice.status,
          amount: formatMoney(invoice.totalCents),
        }))}
      />
      <RelatedGroup
        title="Devis"
        empty="Aucun devis lié."
        items={detail.quotes.map((quote) => ({
          id: quote.id,
          href: paths.app.quotes.detail(quote.id),
          label: quote.number ?? "Brouillon",
          status: quote.status,
          amount: formatMoney(quote.totalCents),
        }))}
      />
      <RelatedGroup
        title="Contrats"
        empty="Aucun contrat lié."
        items={detail.contracts.map((contract) => ({
          id: contract.id,
          href: paths.app.contracts.detail(contract.id),
          label: contract.number ?? contract.title,
          status: contract.status,
          amount: contract.amountCents === null ? "" : formatMoney(contract.amountCents),
        }))}
      />
    </aside>
  );
}
