import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { ScrollText } from "lucide-react";
import { type LogEntry, useAiAgentStore } from "../store/ai-agent-store";

const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

const dotTones: Record<string, string> = {
  request: "bg-sky-500",
  proposal: "bg-amber-500",
  result: "bg-emerald-500",
  cancel: "bg-muted-foreground",
  done: "bg-primary",
  error: "bg-danger",
};

/** A log entry may hold any fields (spec §3); the ones the assistant writes carry a kind and a message. */
function readEntry(entry: LogEntry): { kind: string; message: string } {
  const kind = typeof entry.kind === "string" ? entry.kind : "info";
  const isFailure = entry.success === false;
  const message = typeof entry.message === "string" ? entry.message : JSON.stringify(entry);
  return { kind: isFailure ? "error" : kind, message };
}

/** The execution log: the store's 100 latest entries, newest first. */
export function ExecutionLog() {
  const logs = useAiAgentStore((state) => state.logs);
  const clearLogs = useAiAgentStore((state) => state.clearLogs);
  return (
    <section
      aria-labelledby="execution-log-title"
      className="flex min-h-0 flex-col rounded-xl border bg-surface shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b px-4 py-3">
        <h2 id="execution-log-title" className="flex items-center gap-2 text-sm font-semibold">
          <ScrollText className="size-4 text-muted-foreground" aria-hidden="true" />
          Journal d'exécution
        </h2>
        <button
          type="button"
          onClick={clearLogs}
          disabled={logs.length === 0}
          className={buttonStyles({ variant: "ghost", size: "sm" })}
        >
          Effacer
        </button>
      </div>
      {logs.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">
          Aucune exécution pour l'instant. Les étapes de vos demandes s'afficheront ici.
        </p>
      ) : (
        <ol className="max-h-80 space-y-0.5 overflow-y-auto p-2">
          {logs.map((entry) => {
            const { kind, message } = readEntry(entry);
            return (
              <li key={entry.id} className="flex gap-2.5 rounded-lg px-2 py-1.5 text-sm">
                <span
                  className={cn(
                    "mt-1.5 size-2 shrink-0 rounded-full",
                    dotTones[kind] ?? "bg-muted-foreground",
                  )}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1 break-words">{message}</span>
                <time
                  dateTime={entry.timestamp}
                  className="shrink-0 text-xs text-muted-foreground tabular-nums"
                >
                  {time.format(new Date(entry.timestamp))}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
