import { apiFetch } from "@client/lib/api-client";
import { type AutomationDto, automationDto, automationsDto } from "@shared/schemas/automations";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** The assistant's "automations" record type refreshes this key when it creates a rule. */
const automationsQuery = queryOptions({
  queryKey: ["automations"],
  queryFn: ({ signal }) => apiFetch("/api/automations", { schema: automationsDto, signal }),
});

export function useAutomations() {
  return useQuery(automationsQuery);
}

const path = (id: string) => `/api/automations/${encodeURIComponent(id)}`;

export function useSetAutomationActive() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }): Promise<AutomationDto> =>
      apiFetch(path(id), { method: "PATCH", body: { isActive }, schema: automationDto }),
    onSuccess: (updated) =>
      queryClient.setQueryData(automationsQuery.queryKey, (current) =>
        current ? { items: current.items.map((item) => (item.id === updated.id ? updated : item)) } : current,
      ),
  });
}

export function useDeleteAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (id: string) => apiFetch<void>(path(id), { method: "DELETE" }),
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData(automationsQuery.queryKey, (current) =>
        current ? { items: current.items.filter((item) => item.id !== id) } : current,
      ),
  });
}
