import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { iconButtonStyles } from "@client/components/shell/shell-styles";
import { buttonStyles } from "@client/components/ui/button-styles";
import {
  PRIORITY_LABELS,
  type PriorityLevel,
  priorityLevel,
  type ScoredSuggestion,
} from "@shared/ai/suggestions";
import { Lightbulb, Play, X } from "lucide-react";
import { ActionIcon } from "./action-icon";

type SuggestionCardsProps = {
  suggestions: readonly ScoredSuggestion[];
  onApply: (suggestion: ScoredSuggestion) => void;
  onDismiss: (id: string) => void;
};

const priorityTones: Record<PriorityLevel, BadgeTone> = { high: "danger", medium: "warning", low: "neutral" };

/** Spec §2 suggestion cards; nothing at all once every suggestion is applied or dismissed. */
export function SuggestionCards({ suggestions, onApply, onDismiss }: SuggestionCardsProps) {
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="suggestion-cards-title" className="space-y-3">
      <h3 id="suggestion-cards-title" className="flex items-center gap-2 text-sm font-semibold">
        <Lightbulb className="size-4 text-primary" aria-hidden="true" />
        Suggestions Intelligentes
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
          {suggestions.length}
        </span>
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <SuggestionCard suggestion={suggestion} onApply={onApply} onDismiss={onDismiss} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SuggestionCard({
  suggestion,
  onApply,
  onDismiss,
}: { suggestion: ScoredSuggestion } & Omit<SuggestionCardsProps, "suggestions">) {
  const level = priorityLevel(suggestion.priority);
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border bg-surface p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <ActionIcon name={suggestion.icon} />
        <div className="min-w-0 flex-1 space-y-1">
          <h4 className="text-sm leading-snug font-medium">{suggestion.title}</h4>
          <Badge tone={priorityTones[level]}>{PRIORITY_LABELS[level]}</Badge>
        </div>
        <button
          type="button"
          onClick={() => onDismiss(suggestion.id)}
          aria-label={`Ignorer la suggestion : ${suggestion.title}`}
          className={iconButtonStyles}
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <p className="flex-1 text-sm text-muted-foreground">{suggestion.description}</p>
      {/* No « Pertinence » figure: it ranks the cards from the time of day, not from the user's data. */}
      <div className="flex items-center justify-end gap-3">
        <button type="button" onClick={() => onApply(suggestion)} className={buttonStyles({ size: "sm" })}>
          <Play aria-hidden="true" />
          Appliquer
        </button>
      </div>
    </article>
  );
}
