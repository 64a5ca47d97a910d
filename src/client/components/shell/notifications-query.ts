import { apiFetch } from "@client/lib/api-client";
import type { NotificationsDto } from "@shared/schemas/notifications";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/** Spec §4: mutations announce themselves with this window event so dependent views refresh. */
export const DATA_CHANGED_EVENT = "app-data-changed";

// Reminders fall due and invoices become overdue with the calendar, not only when the user edits
// something: a quiet refresh keeps a tab left open honest.
const REFRESH_INTERVAL_MS = 5 * 60 * 1000;

export const notificationsQuery = queryOptions({
  queryKey: ["notifications"],
  // Typed, not parsed, as the lists are: every page of the app shows the bell, and parsing would bring zod
  // into the first page of every visit (issue 15).
  queryFn: ({ signal }) => apiFetch<NotificationsDto>("/api/notifications", { signal }),
  refetchInterval: REFRESH_INTERVAL_MS,
  refetchIntervalInBackground: false,
});

/** The bell's data: overdue invoices, reminders due and quotes expiring this week, refreshed on any data change. */
export function useNotifications() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onDataChanged = () => void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    window.addEventListener(DATA_CHANGED_EVENT, onDataChanged);
    return () => window.removeEventListener(DATA_CHANGED_EVENT, onDataChanged);
  }, [queryClient]);

  return useQuery(notificationsQuery);
}

/** What the badge shows: nothing at 0, the number up to 9, then "9+". */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
