import { listSearchParams } from "@client/components/data-list/use-list-params";
import { apiFetch } from "@client/lib/api-client";
import { type ContractStatus, contractList } from "@shared/schemas/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { contractsRootKey } from "./contracts-keys";

export type ContractsParams = { page: number; pageSize: number; search?: string; status?: ContractStatus };

export const getContracts = (params: ContractsParams, signal?: AbortSignal) =>
  apiFetch(`/api/contracts${listSearchParams(params)}`, { schema: contractList, signal });

export const contractsQueryOptions = (params: ContractsParams) =>
  queryOptions({
    queryKey: [...contractsRootKey, "list", params],
    queryFn: ({ signal }) => getContracts(params, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useContracts = (params: ContractsParams) => useQuery(contractsQueryOptions(params));

/** The CSV export of the list as currently filtered (all pages). */
export const contractsExportHref = ({ search, status }: Pick<ContractsParams, "search" | "status">) =>
  `/api/contracts/export.csv${listSearchParams({ search, status })}`;
