import { useCallback, useMemo, useState } from "react";

/**
 * The suggestions the user closed during this visit. They come back on the next one: the list is
 * recomputed every few minutes anyway, and a closed idea may fit again tomorrow.
 */
export function useDismissedIds() {
  const [dismissedIds, setDismissedIds] = useState<ReadonlySet<string>>(() => new Set());
  const dismiss = useCallback((id: string) => setDismissedIds((previous) => new Set(previous).add(id)), []);
  const withoutDismissed = useCallback(
    <T extends { id: string }>(items: readonly T[]) => items.filter(({ id }) => !dismissedIds.has(id)),
    [dismissedIds],
  );
  return useMemo(
    () => ({ dismissedIds, dismiss, withoutDismissed }),
    [dismissedIds, dismiss, withoutDismissed],
  );
}
