import { StatePanel } from "@client/components/data-list/data-list";
import { LoadError } from "@client/components/load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Switch } from "@client/components/ui/switch";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import type { AutomationDto } from "@shared/schemas/automations";
import { ArrowRight, BellRing, Sparkles, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useAutomations, useDeleteAutomation, useSetAutomationActive } from "../api/automations";

/** Automatisations: the rules the assistant created, to pause, resume or delete. */
export function AutomationsPage() {
  const { data, isPending, isError, error, refetch } = useAutomations();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Automatisations</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Les règles créées avec l'assistant IA. Mettez-les en pause ou supprimez-les ici.
        </p>
      </div>
      <div className="flex gap-3 rounded-2xl border bg-surface p-4 text-sm shadow-sm">
        <BellRing className="mt-0.5 size-4.5 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1 text-muted-foreground">
          <p>
            <span className="font-medium text-foreground">Toujours actif :</span> pour chaque facture émise,
            un rappel part 7 et 3 jours avant l'échéance, puis le jour même, jusqu'au paiement.
          </p>
          <p>
            Avec la règle « Relance des factures en retard », Ardoise relance aussi vos clients 7, 15 et 30
            jours après l'échéance ; avec « Bilan hebdomadaire », il vous envoie vos chiffres chaque lundi
            matin. Les autres règles sont enregistrées ; leur exécution automatique n'est pas encore
            disponible.
          </p>
        </div>
      </div>
      {isPending ? (
        <div role="status" aria-busy="true" className="space-y-3">
          <span className="sr-only">Chargement des automatisations…</span>
          {[0, 1].map((index) => (
            <div key={index} className="h-28 animate-pulse rounded-2xl border bg-surface" />
          ))}
        </div>
      ) : isError ? (
        <LoadError
          title="Impossible de charger vos automatisations."
          message={error.message}
          onRetry={() => void refetch()}
        />
      ) : data.items.length === 0 ? (
        <StatePanel
          icon={<Zap className="size-6" aria-hidden="true" />}
          title="Aucune automatisation"
          description="Demandez-la à l'assistant IA, par exemple : « Crée une automatisation pour relancer les factures en retard »."
          action={
            <Link to={paths.app.agent.home} className={buttonStyles()}>
              <Sparkles aria-hidden="true" />
              Ouvrir l'assistant
            </Link>
          }
        />
      ) : (
        <ul className="space-y-3">
          {data.items.map((automation) => (
            <li key={automation.id}>
              <AutomationCard automation={automation} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AutomationCard({ automation }: { automation: AutomationDto }) {
  const setActive = useSetAutomationActive();
  const remove = useDeleteAutomation();
  const [isConfirming, setIsConfirming] = useState(false);

  const toggle = (isActive: boolean) =>
    setActive.mutate(
      { id: automation.id, isActive },
      {
        onSuccess: () => toast.success(isActive ? "Automatisation réactivée" : "Automatisation en pause"),
        onError: (failure) =>
          toast.error("L'automatisation n'a pas été modifiée", { description: failure.message }),
      },
    );

  return (
    <article className="rounded-2xl border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <h2 className="min-w-0 font-semibold text-foreground">{automation.name}</h2>
        <div className="flex shrink-0 items-center gap-2">
          <span aria-hidden="true" className="text-sm text-muted-foreground">
            {automation.isActive ? "Active" : "En pause"}
          </span>
          <Switch
            aria-label={`Activer « ${automation.name} »`}
            checked={automation.isActive}
            disabled={setActive.isPending}
            onCheckedChange={toggle}
          />
        </div>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {automation.trigger}
        <ArrowRight className="mx-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
        <span className="sr-only"> puis </span>
        {automation.action}
      </p>
      <p className="mt-2 text-xs font-medium">
        <RunStatus automation={automation} />
      </p>
      {automation.description ? (
        <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          « {automation.description} »
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          Créée le {formatDate(automation.createdAt)}
          {automation.lastRunAt
            ? ` · ${automation.runCount} exécution${automation.runCount > 1 ? "s" : ""}, la dernière le ${formatDate(automation.lastRunAt)}`
            : automation.runsAutomatically
              ? " · pas encore exécutée"
              : ""}
        </span>
        <button
          type="button"
          onClick={() => setIsConfirming(true)}
          aria-label={`Supprimer « ${automation.name} »`}
          className={buttonStyles({
            variant: "ghost",
            size: "sm",
            className: "text-danger hover:text-danger",
          })}
        >
          <Trash2 aria-hidden="true" />
          Supprimer
        </button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title="Supprimer cette automatisation ?"
        confirmLabel="Supprimer"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(automation.id, {
            onSuccess: () => toast.success("Automatisation supprimée"),
            onError: (failure) =>
              toast.error("L'automatisation n'a pas été supprimée", { description: failure.message }),
          })
        }
      >
        <p>« {automation.name} » sera supprimée définitivement.</p>
      </ConfirmDialog>
    </article>
  );
}

/** Whether Ardoise runs the rule, is holding it, or only keeps it; and when a scheduled one runs next. */
function RunStatus({ automation }: { automation: AutomationDto }) {
  if (!automation.runsAutomatically)
    return (
      <span className="text-muted-foreground">Enregistrée : ce type de règle ne s'exécute pas encore</span>
    );
  if (!automation.isActive)
    return <span className="text-amber-700 dark:text-amber-400">En pause : elle ne s'exécute plus</span>;
  return (
    <span className="text-emerald-700 dark:text-emerald-400">
      Exécutée automatiquement par Ardoise
      {automation.nextRunAt ? ` · prochain envoi le ${formatDate(automation.nextRunAt)}` : ""}
    </span>
  );
}
