import { apiFetch } from "@client/lib/api-client";
import { type ClientList, clientList } from "@shared/schemas/clients";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

const PICKER_SIZE = 8;

/** The client picker's suggestions: the clients list endpoint, searched server-side. */
export function searchClients(search: string, signal?: AbortSignal): Promise<ClientList> {
  const query = new URLSearchParams({ pageSize: String(PICKER_SIZE) });
  if (search) query.set("search", search);
  return apiFetch(`/api/clients?${query}`, { schema: clientList, signal });
}

export const clientSearchQuery = (search: string) =>
  queryOptions({
    // Under the clients' key, so a client created elsewhere refreshes the suggestions too.
    queryKey: ["clients", "picker", search],
    queryFn: ({ signal }) => searchClients(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useClientSearch(search: string, isEnabled: boolean) {
  return useQuery({ ...clientSearchQuery(search), enabled: isEnabled });
}
