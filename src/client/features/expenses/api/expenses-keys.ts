import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import type { QueryClient } from "@tanstack/react-query";

/** Every expenses query starts with this key, so one invalidation refreshes lists and details. */
export const expensesRootKey = ["expenses"] as const;

/** After a change: refresh every expenses query and tell the rest of the app (dashboard, assistant…). */
export function onExpensesChanged(queryClient: QueryClient): Promise<void> {
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "expenses" } }));
  return queryClient.invalidateQueries({ queryKey: expensesRootKey });
}
