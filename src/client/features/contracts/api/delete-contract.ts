import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onContractsChanged } from "./contracts-keys";
import { contractQueryOptions } from "./get-contract";

export const deleteContract = (id: string) =>
  apiFetch<void>(`/api/contracts/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Deletes a draft; only drafts can be deleted. */
export function useDeleteContract() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteContract,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: contractQueryOptions(id).queryKey });
      return onContractsChanged(queryClient);
    },
  });
}
