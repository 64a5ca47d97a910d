import { apiFetch } from "@client/lib/api-client";
import { contractDto } from "@shared/schemas/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { contractsRootKey } from "./contracts-keys";

export const getContract = (id: string, signal?: AbortSignal) =>
  apiFetch(`/api/contracts/${encodeURIComponent(id)}`, { schema: contractDto, signal });

export const contractQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contractsRootKey, "detail", id],
    queryFn: ({ signal }) => getContract(id, signal),
    staleTime: 30_000,
  });

export const useContract = (id: string) => useQuery(contractQueryOptions(id));

/** Where the browser downloads the contract's PDF. */
export const contractPdfHref = (id: string) => `/api/contracts/${encodeURIComponent(id)}/pdf`;
