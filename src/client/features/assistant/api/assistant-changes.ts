import { normalizeRoute } from "@shared/ai/suggestions";
import { paths } from "@shared/paths";
import type {
  ActionResult,
  AssistantActionType,
  DocumentKind,
  GeneratedDocument,
} from "@shared/schemas/assistant";
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { announceCreation } from "../lib/app-data-events";

/** Spec §9: after an AI-created project, the projects page reloads after 1 s. */
export const PROJECT_RELOAD_DELAY_MS = 1000;

/** The root query key of the records each action creates, named like the other features' events. */
const recordTypes: Record<AssistantActionType, string> = {
  create_invoice: "invoices",
  create_quote: "quotes",
  create_client: "clients",
  create_expense: "expenses",
  create_project: "projects",
  create_task: "projects",
  create_contract: "contracts",
  record_payment: "invoices",
  schedule_reminders: "invoices",
  create_automation: "automations",
  use_integration: "integrations",
};

const documentRecordTypes: Record<DocumentKind, string> = {
  quote: "quotes",
  invoice: "invoices",
  contract: "contracts",
};

/**
 * Refreshes the lists and details of a kind of record, and of clients: an invoice, quote, project or
 * contract for a name not yet in the file adds that client. The app does not refetch on mount
 * (app/query-client.ts), so the queries not on screen are dropped rather than only marked stale; otherwise
 * the list would come back without the new record.
 */
export function refreshRecords(queryClient: QueryClient, recordType: string): void {
  for (const key of new Set([recordType, "clients"])) {
    void queryClient.invalidateQueries({ queryKey: [key] });
    queryClient.removeQueries({ queryKey: [key], type: "inactive" });
  }
}

const TOAST_DESCRIPTION_MAX = 140;

/**
 * A result's first line, shortened: the whole message (paragraphs, a feed's address) stays in the chat's
 * result box; a toast repeating it covered the dialog's buttons.
 */
function toastDescription(message: string): string {
  const [first = ""] = message.trim().split("\n");
  if (first.length <= TOAST_DESCRIPTION_MAX) return first;
  const cut = first.slice(0, TOAST_DESCRIPTION_MAX);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** Spec §8's success toasts. */
function toastSuccess(result: ActionResult): void {
  if (result.type === "create_automation")
    toast.success("Automatisation créée", { description: "L'automatisation a été configurée avec succès." });
  else if (result.type === "use_integration")
    toast.success("Intégration utilisée", { description: toastDescription(result.message) });
  else toast.success("Action réalisée", { description: toastDescription(result.message) });
}

/**
 * After the assistant did something (in agent mode, or once the user confirmed): the rest of the app is
 * told (app-data-changed, ai_recent_actions), the affected queries refresh, and the projects page reloads
 * when a project was created from it (spec §9).
 */
export function onActionResult(queryClient: QueryClient, result: ActionResult, pathname: string): void {
  if (!result.success) return;
  const recordType = recordTypes[result.type];
  refreshRecords(queryClient, recordType);
  // Using an integration creates nothing: the app-data-changed event is for creations (spec §3).
  if (result.type !== "use_integration")
    announceCreation({ type: recordType, data: result.data ?? null, message: result.message });
  toastSuccess(result);
  if (result.type === "create_project" && normalizeRoute(pathname) === paths.app.projects.list)
    window.setTimeout(() => window.location.reload(), PROJECT_RELOAD_DELAY_MS);
}

export function onDocumentGenerated(queryClient: QueryClient, document: GeneratedDocument): void {
  const recordType = documentRecordTypes[document.kind];
  refreshRecords(queryClient, recordType);
  announceCreation({
    type: recordType,
    data: { id: document.id, label: document.title, link: document.link },
    message: `${document.title} généré pour ${document.clientName}.`,
  });
}
