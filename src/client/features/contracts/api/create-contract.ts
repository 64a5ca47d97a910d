import { apiFetch } from "@client/lib/api-client";
import { type CreateContractInput, contractDto } from "@shared/schemas/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onContractsChanged } from "./contracts-keys";
import { contractQueryOptions } from "./get-contract";

export const createContract = (input: CreateContractInput) =>
  apiFetch("/api/contracts", { method: "POST", body: input, schema: contractDto });

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createContract,
    onSuccess: (contract) => {
      queryClient.setQueryData(contractQueryOptions(contract.id).queryKey, contract);
      return onContractsChanged(queryClient);
    },
  });
}
