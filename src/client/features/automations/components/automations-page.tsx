import { StatePanel } from "@client/components/data-list/data-list";
import { WithVatRegime } from "@client/components/documents/with-vat-regime";
import { LoadError } from "@client/components/load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { OneTimeSecret } from "@client/components/ui/one-time-secret";
import { Switch } from "@client/components/ui/switch";
import { formatDate, formatParisDateTime } from "@shared/format";
import { paths } from "@shared/paths";
import { type AutomationDto, automationRunStatusLabels } from "@shared/schemas/automations";
import { ArrowRight, BellRing, Pencil, Plus, Sparkles, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  useAutomations,
  useCreateAutomation,
  useDeleteAutomation,
  useEditAutomation,
  useRedeliverRuleDelivery,
  useSetAutomationActive,
} from "../api/automations";
import { AutomationForm } from "./automation-form";
import { automationFormValuesOf, emptyAutomationForm } from "./automation-form-values";

/** Automatisations: the rules, created here or by the assistant, to edit, pause, resume or delete. */
export function AutomationsPage() {
  const { data, isPending, isError, error, refetch } = useAutomations();
  const [isCreating, setIsCreating] = useState(false);
  const [secret, setSecret] = useState<{ rule: string; value: string } | null>(null);
  const openForm = () => {
    setSecret(null);
    setIsCreating(true);
  };
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Automatisations</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Vos règles, créées ici ou avec l'assistant IA. Modifiez-les, mettez-les en pause ou supprimez-les.
          </p>
        </div>
        {isCreating ? null : (
          <button type="button" onClick={openForm} className={buttonStyles()}>
            <Plus aria-hidden="true" />
            Nouvelle automatisation
          </button>
        )}
      </div>
      {isCreating ? (
        <NewAutomation
          onDone={(made) => {
            setIsCreating(false);
            if (made?.secret) setSecret({ rule: made.name, value: made.secret });
          }}
        />
      ) : null}
      {secret ? (
        <OneTimeSecret
          kind="secret"
          label={`Secret de signature de « ${secret.rule} » : vérifiez avec lui l'en-tête Ardoise-Signature. Il ne sera plus affiché.`}
          value={secret.value}
        />
      ) : null}
      <div className="flex gap-3 rounded-2xl border bg-surface p-4 text-sm shadow-sm">
        <BellRing className="mt-0.5 size-4.5 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1 text-muted-foreground">
          <p>
            <span className="font-medium text-foreground">Toujours actif :</span> pour chaque facture émise,
            un rappel part 7 et 3 jours avant l'échéance, puis le jour même, jusqu'au paiement.
          </p>
          <p>
            Vos règles s'exécutent toutes seules : factures récurrentes, relances des factures en retard,
            bilan du lundi, e-mail de bienvenue et remerciement après paiement (envoyés à vos clients),
            rappels avant l'expiration d'un devis ou l'échéance d'une tâche (envoyés à vous seul, jamais au
            client), webhooks signés sur un événement. Chaque règle garde l'historique de ses exécutions.
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
          description="Créez-la avec « Nouvelle automatisation », ou demandez-la à l'assistant IA : « Crée une automatisation pour relancer les factures en retard »."
          action={
            <Link to={paths.app.agent.home} className={buttonStyles({ variant: "secondary" })}>
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

/** The creation form, in its own section above the rules. */
function NewAutomation({ onDone }: { onDone: (made?: { name: string; secret?: string }) => void }) {
  const create = useCreateAutomation();
  return (
    <section aria-labelledby="new-automation" className="rounded-2xl border bg-surface p-4 shadow-sm sm:p-5">
      <h2 id="new-automation" className="mb-4 font-semibold text-foreground">
        Nouvelle automatisation
      </h2>
      <WithVatRegime>
        {(regime) => (
          <AutomationForm
            defaultValues={emptyAutomationForm(regime)}
            vatRegime={regime}
            onCancel={() => onDone()}
            onSubmit={async (input) => {
              const made = await create.mutateAsync(input);
              toast.success(`Automatisation « ${made.name} » créée`);
              onDone(made);
            }}
          />
        )}
      </WithVatRegime>
    </section>
  );
}

function AutomationCard({ automation }: { automation: AutomationDto }) {
  const setActive = useSetAutomationActive();
  const remove = useDeleteAutomation();
  const edit = useEditAutomation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const { settings } = automation;

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
      {isEditing && settings ? (
        <div className="mt-4 border-t pt-4">
          <h3 className="sr-only">Modifier « {automation.name} »</h3>
          <WithVatRegime>
            {(regime) => (
              <AutomationForm
                isEditing
                defaultValues={automationFormValuesOf(settings, regime, automation.clientName ?? "")}
                vatRegime={regime}
                onCancel={() => setIsEditing(false)}
                onSubmit={async (input) => {
                  await edit.mutateAsync({ id: automation.id, input });
                  toast.success("Automatisation modifiée");
                  setIsEditing(false);
                }}
              />
            )}
          </WithVatRegime>
        </div>
      ) : null}
      <RunLog automation={automation} />
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
        <span className="flex flex-wrap gap-1">
          {settings && !isEditing ? (
            <button
              type="button"
              onClick={() => setIsEditing(true)}
              aria-label={`Modifier « ${automation.name} »`}
              className={buttonStyles({ variant: "ghost", size: "sm" })}
            >
              <Pencil aria-hidden="true" />
              Modifier
            </button>
          ) : null}
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
        </span>
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
      {automation.nextRunAt ? ` · prochaine exécution le ${formatDate(automation.nextRunAt)}` : ""}
    </span>
  );
}

const RUN_STATUS_STYLES = {
  running: "bg-muted text-muted-foreground",
  succeeded: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  failed: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300",
} as const;

/**
 * The rule's latest runs: when, the result, what it did or generated, and why it failed; a webhook rule's
 * failed delivery can be sent again (« Renvoyer », like a REST hook's in Intégrations).
 */
function RunLog({ automation }: { automation: AutomationDto }) {
  const redeliver = useRedeliverRuleDelivery();
  if (automation.runs.length === 0) return null;
  const onRedeliver = (deliveryId: string) =>
    redeliver.mutate(
      { id: automation.id, deliveryId },
      {
        onSuccess: () => toast.success("Livraison remise en file : elle part dans quelques secondes"),
        onError: (failure) => toast.error("Renvoi impossible", { description: failure.message }),
      },
    );
  return (
    <details className="mt-3 rounded-lg border px-3 py-2 text-sm" open={automation.runs.length <= 3}>
      <summary className="cursor-pointer font-medium text-foreground">
        Historique des exécutions (
        {automation.runs.length === 1 ? "la dernière" : `les ${automation.runs.length} dernières`})
      </summary>
      <ol className="mt-2 space-y-2">
        {automation.runs.map((run) => (
          <li key={run.id} className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-3">
            <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
              <time dateTime={run.startedAt}>{formatParisDateTime(run.startedAt)}</time>
              <span className={`rounded-full px-2 py-0.5 font-medium ${RUN_STATUS_STYLES[run.status]}`}>
                {automationRunStatusLabels[run.status]}
              </span>
            </span>
            <span className="min-w-0 text-muted-foreground">
              {run.summary}
              {run.error ? <span className="block text-red-700 dark:text-red-400">{run.error}</span> : null}
              {run.invoiceId ? (
                <Link to={paths.app.invoices.detail(run.invoiceId)} className="ml-1 text-primary underline">
                  Voir la facture
                </Link>
              ) : null}
            </span>
            {run.status === "failed" && run.deliveryId ? (
              <button
                type="button"
                onClick={() => run.deliveryId && onRedeliver(run.deliveryId)}
                disabled={redeliver.isPending}
                className={buttonStyles({ variant: "ghost", size: "sm" })}
                aria-label={`Renvoyer la livraison du ${formatParisDateTime(run.startedAt)}`}
              >
                Renvoyer
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
