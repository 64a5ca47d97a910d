import type { QueryClient } from "@tanstack/react-query";

/** Every clients query starts with this key, so one invalidation refreshes lists, details and the board. */
export const clientsRootKey = ["clients"] as const;

/** After a change: refresh every clients query and tell the rest of the app (dashboard, assistant…). */
export function onClientsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: clientsRootKey });
  window.dispatchEvent(new CustomEvent("app-data-changed", { detail: { type: "clients" } }));
}
