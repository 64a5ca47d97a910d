import { LIST_PAGE_SIZE } from "@shared/list-size";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "./use-debounced-value";

export const SEARCH_DEBOUNCE_MS = 300;

export type ListParams<Status extends string> = {
  page: number;
  pageSize: number;
  search?: string;
  status?: Status;
};

/**
 * A list's search, status filter and page, kept in the URL (?q=…&statut=…&page=…) so a filtered list can be
 * shared, reloaded and reached back with the browser's back button. The search box updates at once; the
 * URL, and so the request, follows 300 ms after the last key.
 */
export function useListParams<Status extends string>(statuses: readonly Status[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlSearch = searchParams.get("q") ?? "";
  const rawStatus = searchParams.get("statut") ?? "";
  const status = (statuses as readonly string[]).includes(rawStatus) ? (rawStatus as Status) : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);

  const [searchInput, setSearchInput] = useState(urlSearch);
  const debouncedSearch = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  useEffect(() => {
    const trimmed = debouncedSearch.trim();
    if (trimmed !== urlSearch) update({ q: trimmed || undefined, page: undefined });
  }, [debouncedSearch, urlSearch, update]);

  const params: ListParams<Status> = {
    page,
    pageSize: LIST_PAGE_SIZE,
    ...(urlSearch ? { search: urlSearch } : {}),
    ...(status ? { status } : {}),
  };

  return {
    params,
    searchInput,
    setSearchInput,
    status,
    setStatus: (next: Status | undefined) => update({ statut: next, page: undefined }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
    isFiltered: Boolean(urlSearch || status),
    clearFilters: () => {
      setSearchInput("");
      update({ q: undefined, statut: undefined, page: undefined });
    },
  };
}

export type ListParamsState<Status extends string> = ReturnType<typeof useListParams<Status>>;

/** The query string of a list request (and of its CSV export, which takes the same filters). */
export function listSearchParams(params: Partial<ListParams<string>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : "";
}
