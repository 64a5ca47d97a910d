import { iconButtonStyles } from "@client/components/shell/shell-styles";
import { cn } from "@client/lib/cn";
import { bannerItems, type ContextualAction } from "@shared/ai/suggestions";
import { Sparkles, X } from "lucide-react";
import { ActionIcon } from "./action-icon";

type SuggestionBannerProps = {
  actions: readonly ContextualAction[];
  onSelect: (action: ContextualAction) => void;
  onDismiss: (id: string) => void;
};

/** Spec §2 inline banner: the (at most 3) actions of priority 8 or more; hidden when none is left. */
export function SuggestionBanner({ actions, onSelect, onDismiss }: SuggestionBannerProps) {
  const items = bannerItems(actions);
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="suggestion-banner-title"
      className="rounded-xl border border-primary/25 bg-accent/60 p-3 sm:p-4"
    >
      <h3
        id="suggestion-banner-title"
        className="mb-2.5 flex items-center gap-2 text-sm font-semibold text-accent-foreground"
      >
        <Sparkles className="size-4" aria-hidden="true" />
        Suggestions intelligentes
      </h3>
      <ul className="grid gap-2 sm:grid-cols-3">
        {items.map((action) => (
          <li key={action.id} className="flex items-stretch rounded-lg border bg-surface shadow-sm">
            <button
              type="button"
              onClick={() => onSelect(action)}
              className="flex min-w-0 flex-1 items-center gap-2.5 rounded-l-lg p-2.5 text-left transition-colors hover:bg-muted"
            >
              <ActionIcon name={action.icon} />
              <span className="min-w-0 text-sm leading-snug font-medium">{action.title}</span>
            </button>
            <button
              type="button"
              onClick={() => onDismiss(action.id)}
              aria-label={`Masquer : ${action.title}`}
              className={cn(iconButtonStyles, "m-1 self-center")}
            >
              <X aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
