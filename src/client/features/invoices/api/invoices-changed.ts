import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import type { QueryClient } from "@tanstack/react-query";
import { invoicesQueryKey } from "./get-invoices";

/**
 * After any invoice mutation: refetch every invoice query (list pages and details) and tell the rest of the
 * app (dashboard, notifications, client pages) through the spec's window event.
 */
export function onInvoicesChanged(queryClient: QueryClient): Promise<void> {
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "invoices" } }));
  return queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
}
