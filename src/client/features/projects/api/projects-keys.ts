import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import type { QueryClient } from "@tanstack/react-query";

/** Every projects query starts with this key, so one invalidation refreshes lists and details. */
export const projectsRootKey = ["projects"] as const;

/** After a change: refresh every projects query and tell the rest of the app (dashboard, assistant…). */
export function onProjectsChanged(queryClient: QueryClient): Promise<void> {
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "projects" } }));
  return queryClient.invalidateQueries({ queryKey: projectsRootKey });
}
