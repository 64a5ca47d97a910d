import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import { analysisDto } from "@shared/schemas/analysis";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { movesDashboard, useDashboardChanges } from "../hooks/use-dashboard-changes";

/**
 * The server keeps each analysis 5 minutes (spec §9). After the user changes their data, anywhere in the
 * app, the next read asks for a fresh one, so the card never contradicts the figures beside it.
 */
let hasDataChanged = false;
window.addEventListener(DATA_CHANGED_EVENT, (event) => {
  if (movesDashboard(event)) hasDataChanged = true;
});

export const analysisQueryOptions = queryOptions({
  queryKey: ["analysis"],
  queryFn: ({ signal }) => {
    const fresh = hasDataChanged;
    hasDataChanged = false;
    return apiFetch(`/api/analysis${fresh ? "?fresh=1" : ""}`, { schema: analysisDto, signal });
  },
  staleTime: 30_000,
});

/** The business analysis (health score, insights, forecasts), refreshed like the dashboard's figures. */
export function useAnalysis() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: analysisQueryOptions.queryKey });
  useDashboardChanges(refresh);
  // A change made while the dashboard was not on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, when the card appears.
  useEffect(() => {
    if (hasDataChanged) refresh();
  }, []);
  return useQuery(analysisQueryOptions);
}
