import { OneTimeSecret } from "@client/components/ui/one-time-secret";
import { cn } from "@client/lib/cn";
import { type AssistantActionType, actionResult } from "@shared/schemas/assistant";
import { ArrowRight, CircleCheck, CircleX } from "lucide-react";
import { Link } from "react-router";
import type { ActionResult as StoredActionResult } from "../store/persisted-state";

const actionTypeLabels: Record<AssistantActionType, string> = {
  create_invoice: "Création de facture",
  create_quote: "Création de devis",
  create_client: "Ajout de client",
  create_expense: "Enregistrement de dépense",
  create_project: "Création de projet",
  create_task: "Création de tâche",
  create_contract: "Création de contrat",
  record_payment: "Enregistrement de paiement",
  schedule_reminders: "Rappels de paiement",
  create_automation: "Création d'automatisation",
  use_integration: "Intégration",
};

const recordLink = actionResult.shape.data;
const linkStyles =
  "inline-flex items-center gap-1 font-medium text-primary underline-offset-2 hover:underline";

type ActionResultBoxProps = {
  /** As kept in the conversation: the stored shape is checked again before its link is used. */
  result: StoredActionResult;
  onNavigate?: () => void;
};

/** Spec §2: the box under an assistant message, Succès or Échec, with the type, message and record. */
export function ActionResultBox({ result, onNavigate }: ActionResultBoxProps) {
  const typeLabel = actionTypeLabels[result.type as AssistantActionType] ?? result.type;
  const record = recordLink.safeParse(result.data).data;
  const Icon = result.success ? CircleCheck : CircleX;
  return (
    <div
      className={cn(
        "flex gap-2.5 rounded-xl border p-3 text-sm",
        result.success
          ? "border-emerald-500/30 bg-emerald-500/10 text-emerald-900 dark:text-emerald-100"
          : "border-danger/30 bg-danger/10 text-foreground",
      )}
    >
      <Icon
        className={cn(
          "mt-0.5 size-4 shrink-0",
          result.success ? "text-emerald-600 dark:text-emerald-400" : "text-danger",
        )}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <strong className="font-semibold">{result.success ? "Succès" : "Échec"}</strong>
          <span className="text-xs opacity-80">{typeLabel}</span>
        </p>
        <p className="break-words">{result.message}</p>
        {result.secret ? (
          <OneTimeSecret
            kind={result.secret.kind}
            label={`${result.secret.label} : affiché une seule fois.`}
            value={result.secret.value}
          />
        ) : null}
        {record?.link.startsWith("/app") ? (
          <Link to={record.link} onClick={onNavigate} className={linkStyles}>
            Ouvrir : {record.label}
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        ) : record ? (
          // Not a page of the app (the calendar feed's URL): the browser opens it, the router must not.
          <a href={record.link} target="_blank" rel="noreferrer" className={cn(linkStyles, "break-all")}>
            {record.label} : {record.link}
          </a>
        ) : null}
      </div>
    </div>
  );
}
