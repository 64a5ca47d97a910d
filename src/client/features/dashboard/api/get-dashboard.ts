import { apiFetch } from "@client/lib/api-client";
import { dashboardDto } from "@shared/schemas/dashboard";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDashboardChanges } from "../hooks/use-dashboard-changes";

export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: ({ signal }) => apiFetch("/api/dashboard", { schema: dashboardDto, signal }),
  staleTime: 30_000,
});

/** The dashboard's figures, refetched whenever a mutation elsewhere announces a change that counts. */
export function useDashboard() {
  const queryClient = useQueryClient();
  useDashboardChanges(() => void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions.queryKey }));
  return useQuery(dashboardQueryOptions);
}
