import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import { analysisDto } from "@shared/schemas/analysis";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
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

/**
 * The business analysis (health score, insights, forecasts), refreshed like the dashboard's figures.
 * `expectedPendingCents` is the dashboard's « En attente de paiement » beside the card: an analysis that
 * disagrees with it was cached before a change this page did not hear of (an invoice issued in another tab,
 * by the assistant, before the dashboard's code was loaded), so it is recomputed once instead of showing
 * other « attendus » for five minutes (issue 31 item 11).
 */
export function useAnalysis(expectedPendingCents?: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: analysisQueryOptions.queryKey });
  useDashboardChanges(refresh);
  // A change made while the dashboard was not on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, when the card appears.
  useEffect(() => {
    if (hasDataChanged) refresh();
  }, []);
  const query = useQuery(analysisQueryOptions);
  const pendingCents = query.data?.figures.pendingCents;
  const recomputedFor = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh is a fresh closure each render.
  useEffect(() => {
    const isStale = expectedPendingCents !== undefined && pendingCents !== undefined;
    if (!isStale || pendingCents === expectedPendingCents) return;
    // Once per figure: a recomputed analysis that still differs (a change in between) is not chased.
    if (recomputedFor.current === expectedPendingCents) return;
    recomputedFor.current = expectedPendingCents;
    hasDataChanged = true;
    refresh();
  }, [expectedPendingCents, pendingCents]);
  return query;
}
