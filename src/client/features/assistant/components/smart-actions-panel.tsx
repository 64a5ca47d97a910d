import { CATEGORY_LABELS, type ContextualAction, groupByCategory } from "@shared/ai/suggestions";
import { Clock, Zap } from "lucide-react";
import { ActionIcon } from "./action-icon";

type SmartActionsPanelProps = {
  /** The page's contextual actions. */
  actions: readonly ContextualAction[];
  /** The time-of-day suggestions, shown above the groups. */
  momentSuggestions: readonly ContextualAction[];
  onSelect: (action: ContextualAction) => void;
};

/** Spec §2 side panel: the page's actions grouped by category, each with its priority out of 10. */
export function SmartActionsPanel({ actions, momentSuggestions, onSelect }: SmartActionsPanelProps) {
  const groups = groupByCategory(actions);
  return (
    <section aria-labelledby="smart-actions-title" className="space-y-4">
      <h3 id="smart-actions-title" className="flex items-center gap-2 text-sm font-semibold">
        <Zap className="size-4 text-primary" aria-hidden="true" />
        Actions Intelligentes
      </h3>

      {momentSuggestions.length > 0 && (
        <div className="rounded-xl border border-primary/25 bg-accent/60 p-2">
          <h4 className="flex items-center gap-1.5 px-1.5 pt-0.5 pb-1.5 text-xs font-semibold text-accent-foreground">
            <Clock className="size-3.5" aria-hidden="true" />
            Suggestions du moment
          </h4>
          <ActionList actions={momentSuggestions} onSelect={onSelect} />
        </div>
      )}

      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          Aucune action contextuelle disponible.
        </p>
      ) : (
        groups.map((group) => (
          <div key={group.category}>
            <h4 className="flex items-center justify-between px-1.5 pb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {CATEGORY_LABELS[group.category]}
              <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium tracking-normal">
                {group.actions.length}
              </span>
            </h4>
            <ActionList actions={group.actions} onSelect={onSelect} />
          </div>
        ))
      )}
    </section>
  );
}

function ActionList({
  actions,
  onSelect,
}: {
  actions: readonly ContextualAction[];
  onSelect: (action: ContextualAction) => void;
}) {
  return (
    <ul className="space-y-1">
      {actions.map((action) => (
        <li key={action.id}>
          <button
            type="button"
            onClick={() => onSelect(action)}
            className="flex w-full items-start gap-3 rounded-lg p-2 text-left transition-colors hover:bg-muted focus-visible:bg-muted"
          >
            <ActionIcon name={action.icon} />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="text-sm leading-snug font-medium">{action.title}</span>
              <span className="text-xs leading-snug text-muted-foreground">{action.description}</span>
            </span>
            <span
              className="shrink-0 rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground tabular-nums"
              title="Priorité"
            >
              <span className="sr-only">Priorité </span>
              {action.priority}/10
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
