import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import { dashboardDto } from "@shared/schemas/dashboard";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: ({ signal }) => apiFetch("/api/dashboard", { schema: dashboardDto, signal }),
  staleTime: 30_000,
});

/** Spec §4: the kinds of change that move a dashboard figure. */
const REFRESHING_TYPES = new Set(["clients", "quotes", "invoices", "expenses", "contracts", "projects"]);

/** The dashboard's figures, refetched whenever a mutation elsewhere announces a change that counts. */
export function useDashboard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onDataChanged = (event: Event) => {
      const type = (event as CustomEvent<{ type?: string } | undefined>).detail?.type;
      // An event without a type is a change of unknown kind: refresh to be safe.
      if (!type || REFRESHING_TYPES.has(type))
        void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions.queryKey });
    };
    window.addEventListener(DATA_CHANGED_EVENT, onDataChanged);
    return () => window.removeEventListener(DATA_CHANGED_EVENT, onDataChanged);
  }, [queryClient]);
  return useQuery(dashboardQueryOptions);
}
