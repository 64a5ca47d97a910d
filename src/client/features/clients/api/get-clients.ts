import { listSearchParams } from "@client/components/data-list/use-list-params";
import { apiFetch } from "@client/lib/api-client";
import { type ClientStatus, clientList } from "@shared/schemas/clients";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { clientsRootKey } from "./clients-keys";

export type ClientsParams = { page: number; pageSize: number; search?: string; status?: ClientStatus };

export const getClients = (params: ClientsParams, signal?: AbortSignal) =>
  apiFetch(`/api/clients${listSearchParams(params)}`, { schema: clientList, signal });

export const clientsQueryOptions = (params: ClientsParams) =>
  queryOptions({
    queryKey: [...clientsRootKey, "list", params],
    queryFn: ({ signal }) => getClients(params, signal),
    // Lists change with every mutation here; a short staleness keeps the next visit fresh.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useClients = (params: ClientsParams) => useQuery(clientsQueryOptions(params));

/** The CSV export of the list as currently filtered (all pages). */
export const clientsExportHref = ({ search, status }: Pick<ClientsParams, "search" | "status">) =>
  `/api/clients/export.csv${listSearchParams({ search, status })}`;
