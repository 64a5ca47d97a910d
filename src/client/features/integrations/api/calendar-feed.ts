import { apiFetch } from "@client/lib/api-client";
import { type CalendarFeedDto, calendarFeedDto } from "@shared/schemas/integrations";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const calendarFeedQuery = queryOptions({
  queryKey: ["integrations", "calendar"],
  queryFn: ({ signal }) => apiFetch("/api/integrations/calendar", { schema: calendarFeedDto, signal }),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** Turn on, new secret URL, or stop: each answers the feed as it now is (with its URL when one was made). */
const CHANGES = {
  connect: { path: "/api/integrations/calendar", method: "POST" },
  regenerate: { path: "/api/integrations/calendar/regenerate", method: "POST" },
  disconnect: { path: "/api/integrations/calendar", method: "DELETE" },
} as const;

export type CalendarFeedChange = keyof typeof CHANGES;

export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (change: CalendarFeedChange): Promise<CalendarFeedDto> =>
      apiFetch(CHANGES[change].path, { method: CHANGES[change].method, schema: calendarFeedDto }),
    // The URL, shown once by the card, is not kept in the cache: the page's query never has it either.
    onSuccess: ({ feed }) =>
      queryClient.setQueryData(calendarFeedQuery.queryKey, {
        feed: feed ? { createdAt: feed.createdAt, lastReadAt: feed.lastReadAt } : null,
      }),
  });
}
