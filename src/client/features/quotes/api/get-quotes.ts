import { listSearchParams } from "@client/components/data-list/use-list-params";
import { apiFetch } from "@client/lib/api-client";
import type { ListResult } from "@shared/schemas/list";
import type { QuoteDto, QuoteStatus } from "@shared/schemas/quotes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

/** Root key of every quote query: mutations invalidate it to refresh lists and details at once. */
export const quotesQueryKey = ["quotes"] as const;

export type QuoteListParams = { page: number; pageSize: number; search?: string; status?: QuoteStatus };

export function getQuotes(params: QuoteListParams, signal?: AbortSignal) {
  return apiFetch<ListResult<QuoteDto>>(`/api/quotes${listSearchParams(params)}`, { signal });
}

export const quotesQuery = (params: QuoteListParams) =>
  queryOptions({
    queryKey: [...quotesQueryKey, "list", params],
    queryFn: ({ signal }) => getQuotes(params, signal),
    // Paging or filtering keeps the previous rows on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export function useQuotes(params: QuoteListParams) {
  return useQuery(quotesQuery(params));
}

/** The CSV export of the list as currently filtered (all pages). */
export const quotesExportHref = ({ search, status }: Pick<QuoteListParams, "search" | "status">) =>
  `/api/quotes/export.csv${listSearchParams({ search, status })}`;
