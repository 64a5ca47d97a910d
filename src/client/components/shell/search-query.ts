import { useDebouncedValue } from "@client/components/data-list/use-debounced-value";
import { apiFetch } from "@client/lib/api-client";
import type { SearchResultsDto } from "@shared/schemas/search";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "@shared/search-limits";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** Typing pauses this long before the palette asks the server: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The user's records matching what is typed in the palette (GET /api/search), once typing pauses. */
export function useRecordSearch(typed: string) {
  const term = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const isSearchable = isSearchTerm(term);
  const query = useQuery({
    queryKey: ["search", term],
    queryFn: ({ signal }) =>
      // Typed, not parsed, as the lists are: the palette loads once the page is idle, and zod would make that
      // a long task (issue 15).
      apiFetch<SearchResultsDto>(`/api/search?${new URLSearchParams({ q: term })}`, { signal }),
    enabled: isSearchable,
    // Records change with every edit; a search a while later asks again.
    staleTime: 30_000,
    // The previous word's results stay on screen while the next word's load, instead of a blank list.
    placeholderData: keepPreviousData,
  });
  // Still typing a searchable word counts as loading: its results are on their way.
  const isTyping = typed.trim() !== term && isSearchTerm(typed.trim());
  return {
    results: isSearchable ? query.data : undefined,
    isLoading: isTyping || (isSearchable && query.isFetching),
    isError: isSearchable && query.isError && !query.isFetching,
  };
}

const isSearchTerm = (term: string) => term.length >= SEARCH_MIN_LENGTH && term.length <= SEARCH_MAX_LENGTH;
