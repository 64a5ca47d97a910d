import { apiFetch } from "@client/lib/api-client";
import { type ContractStatus, contractDto } from "@shared/schemas/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onContractsChanged } from "./contracts-keys";
import { contractQueryOptions } from "./get-contract";

export const changeContractStatus = ({ id, status }: { id: string; status: ContractStatus }) =>
  apiFetch(`/api/contracts/${encodeURIComponent(id)}/status`, {
    method: "POST",
    body: { status },
    schema: contractDto,
  });

/** brouillon → envoyé → signé → terminé, one step at a time. */
export function useChangeContractStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: changeContractStatus,
    onSuccess: (contract) => {
      queryClient.setQueryData(contractQueryOptions(contract.id).queryKey, contract);
      return onContractsChanged(queryClient);
    },
  });
}
