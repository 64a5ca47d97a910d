import { apiFetch } from "@client/lib/api-client";
import {
  type ClientPipelineDto,
  type ClientStatus,
  clientDto,
  type UpdateClientInput,
} from "@shared/schemas/clients";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onClientsChanged } from "./clients-keys";
import { pipelineQueryOptions } from "./get-pipeline";

export const updateClient = ({ id, input }: { id: string; input: UpdateClientInput }) =>
  apiFetch(`/api/clients/${encodeURIComponent(id)}`, { method: "PATCH", body: input, schema: clientDto });

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateClient,
    onSuccess: () => onClientsChanged(queryClient),
  });
}

/** Moves a card on the CRM board at once; the server's answer (or its refusal) settles it. */
export function useMoveClient() {
  const queryClient = useQueryClient();
  const key = pipelineQueryOptions.queryKey;
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, status }: { id: string; status: ClientStatus }) =>
      updateClient({ id, input: { status } }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, moveCard(previous, id, status));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => onClientsChanged(queryClient),
  });
}

function moveCard(board: ClientPipelineDto, id: string, status: ClientStatus): ClientPipelineDto {
  const card = board.columns.flatMap((column) => column.clients).find((client) => client.id === id);
  if (!card || card.status === status) return board;
  return {
    columns: board.columns.map((column) => {
      if (column.status === card.status)
        return {
          ...column,
          count: column.count - 1,
          clients: column.clients.filter((client) => client.id !== id),
        };
      if (column.status === status)
        return { ...column, count: column.count + 1, clients: [{ ...card, status }, ...column.clients] };
      return column;
    }),
  };
}
