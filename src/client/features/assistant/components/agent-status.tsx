import { cn } from "@client/lib/cn";
import type { AssistantMode } from "@shared/schemas/assistant";
import { Check, Circle, LoaderCircle } from "lucide-react";
import { useAiAgentStore } from "../store/ai-agent-store";

const modeLabels: Record<AssistantMode, string> = {
  idle: "En attente",
  thinking: "Réflexion",
  executing: "Exécution",
  analyzing: "Analyse",
  error: "Erreur",
};

const modeTones: Record<AssistantMode, string> = {
  idle: "bg-muted text-muted-foreground",
  thinking: "bg-sky-500/10 text-sky-700 dark:text-sky-300",
  executing: "bg-amber-500/10 text-amber-800 dark:text-amber-300",
  analyzing: "bg-violet-500/10 text-violet-700 dark:text-violet-300",
  error: "bg-danger/10 text-danger",
};

/**
 * Spec §4: progress goes 30, 50, 70, 85 (only with auto-execute), 95, 100. These mark the steps reached,
 * not a measure of the work: the page shows the steps and the bar, no percentage (issue 31 item 19).
 */
const STEPS: readonly { progress: number; label: string; isAutoExecuteOnly?: boolean }[] = [
  { progress: 30, label: "Compréhension de la demande" },
  { progress: 50, label: "Analyse de vos données" },
  { progress: 70, label: "Exécution de l'action" },
  { progress: 85, label: "Exécution automatique du plan", isAutoExecuteOnly: true },
  { progress: 95, label: "Enregistrement de l'échange" },
  { progress: 100, label: "Réponse prête" },
];

const isMode = (value: string | null): value is AssistantMode =>
  value !== null && Object.hasOwn(modeLabels, value);

/** The plan and its execution: the current mode, the progress bar and the steps reached. */
export function AgentStatus() {
  const { isProcessing, currentAction, progress } = useAiAgentStore((state) => state.processing);
  const isAutoExecute = useAiAgentStore((state) => state.settings.autoExecute);
  const mode: AssistantMode = isMode(currentAction) ? currentAction : "idle";
  const steps = STEPS.filter((step) => !step.isAutoExecuteOnly || isAutoExecute);

  return (
    <section
      aria-labelledby="agent-status-title"
      className="space-y-4 rounded-xl border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="agent-status-title" className="text-sm font-semibold">
          Plan d'exécution
        </h2>
        <span
          role="status"
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium",
            modeTones[mode],
          )}
        >
          {isProcessing ? <LoaderCircle className="size-3 animate-spin" aria-hidden="true" /> : null}
          <span className="sr-only">Mode : </span>
          {mode === "idle" && progress === 100 ? "Terminé" : modeLabels[mode]}
        </span>
      </div>
      <div>
        <div
          role="progressbar"
          aria-label="Progression"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              "h-full rounded-full transition-[width] duration-500",
              mode === "error" ? "bg-danger" : "bg-primary",
            )}
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
      <ol className="space-y-2">
        {steps.map((step) => {
          const isDone = progress >= step.progress;
          const isCurrent =
            isProcessing && !isDone && steps.find((candidate) => progress < candidate.progress) === step;
          return (
            <li key={step.progress} className="flex items-center gap-2.5 text-sm">
              <span
                className={cn(
                  "flex size-5 shrink-0 items-center justify-center rounded-full border",
                  isDone ? "border-primary bg-primary text-primary-foreground" : "text-muted-foreground",
                )}
                aria-hidden="true"
              >
                {isDone ? (
                  <Check className="size-3" />
                ) : isCurrent ? (
                  <LoaderCircle className="size-3 animate-spin" />
                ) : (
                  <Circle className="size-2" />
                )}
              </span>
              <span className={cn("flex-1", !isDone && "text-muted-foreground")}>{step.label}</span>
              <span className="sr-only">{isDone ? "(terminé)" : isCurrent ? "(en cours)" : "(à venir)"}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
