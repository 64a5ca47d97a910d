import { type UrssafOverviewDto, urssafOverviewDto } from "@shared/schemas/urssaf";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

// Shared by the URSSAF page and the dashboard card ("À déclarer à l'URSSAF"): one fetcher, one cache key.

export const urssafRootKey = ["urssaf"] as const;

/** The overview for the period `day` falls in; without a day, the declaration to make next. */
export const urssafOverviewQueryOptions = (day?: string) =>
  queryOptions({
    queryKey: [...urssafRootKey, day ?? "upcoming"],
    queryFn: ({ signal }): Promise<UrssafOverviewDto> =>
      apiFetch(`/api/urssaf${day ? `?day=${day}` : ""}`, { schema: urssafOverviewDto, signal }),
    staleTime: 60_000,
  });

export const useUrssafOverview = (day?: string) => useQuery(urssafOverviewQueryOptions(day));
