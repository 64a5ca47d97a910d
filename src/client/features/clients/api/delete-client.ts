import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clientsRootKey, onClientsChanged } from "./clients-keys";

export const deleteClient = (id: string) =>
  apiFetch<void>(`/api/clients/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteClient,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [...clientsRootKey, "detail", id] });
      onClientsChanged(queryClient);
    },
  });
}
