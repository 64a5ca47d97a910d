import { apiFetch } from "@client/lib/api-client";
import { contractDto, type UpdateContractInput } from "@shared/schemas/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onContractsChanged } from "./contracts-keys";
import { contractQueryOptions } from "./get-contract";

export const updateContract = ({ id, input }: { id: string; input: UpdateContractInput }) =>
  apiFetch(`/api/contracts/${encodeURIComponent(id)}`, { method: "PATCH", body: input, schema: contractDto });

/** Saves a draft; the server refuses (409) once the contract has been sent. */
export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateContract,
    onSuccess: (contract) => {
      queryClient.setQueryData(contractQueryOptions(contract.id).queryKey, contract);
      return onContractsChanged(queryClient);
    },
  });
}
