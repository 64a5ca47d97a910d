import { apiFetch } from "@client/lib/api-client";
import { type CreateClientInput, clientDto } from "@shared/schemas/clients";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onClientsChanged } from "./clients-keys";

export const createClient = (input: CreateClientInput) =>
  apiFetch("/api/clients", { method: "POST", body: input, schema: clientDto });

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createClient,
    onSuccess: () => onClientsChanged(queryClient),
  });
}
