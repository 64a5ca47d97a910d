import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import type { QueryClient } from "@tanstack/react-query";

/** Every contracts query starts with this key, so one invalidation refreshes lists and details. */
export const contractsRootKey = ["contracts"] as const;

/** After a change: refresh every contracts query and tell the rest of the app (dashboard, assistant…). */
export function onContractsChanged(queryClient: QueryClient): Promise<void> {
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "contracts" } }));
  // A contract shows on its project's page too.
  void queryClient.invalidateQueries({ queryKey: ["projects"] });
  return queryClient.invalidateQueries({ queryKey: contractsRootKey });
}
