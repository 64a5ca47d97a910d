import { apiFetch } from "@client/lib/api-client";
import { clientList } from "@shared/schemas/clients";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The clients offered in the project form's picker (the newest 100; the list endpoint's maximum page). */
export const clientOptionsQuery = queryOptions({
  // Under the clients' key, so a client created elsewhere refreshes the options too.
  queryKey: ["clients", "options"],
  queryFn: ({ signal }) => apiFetch("/api/clients?pageSize=100", { schema: clientList, signal }),
  staleTime: 60_000,
});

export const useClientOptions = () => useQuery(clientOptionsQuery);
