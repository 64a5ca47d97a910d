import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import type { QueryClient } from "@tanstack/react-query";
import { quotesQueryKey } from "./get-quotes";

/**
 * After any quote mutation: refetch every quote query (list pages and details) and tell the rest of the
 * app (dashboard, client pages) through the spec's window event.
 */
export function onQuotesChanged(queryClient: QueryClient): Promise<void> {
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "quotes" } }));
  return queryClient.invalidateQueries({ queryKey: quotesQueryKey });
}
