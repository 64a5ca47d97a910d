import { apiFetch } from "@client/lib/api-client";
import { clientDetailDto } from "@shared/schemas/clients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientsRootKey } from "./clients-keys";

export const getClient = (id: string, signal?: AbortSignal) =>
  apiFetch(`/api/clients/${encodeURIComponent(id)}`, { schema: clientDetailDto, signal });

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...clientsRootKey, "detail", id],
    queryFn: ({ signal }) => getClient(id, signal),
    staleTime: 30_000,
  });

export const useClient = (id: string) => useQuery(clientQueryOptions(id));
