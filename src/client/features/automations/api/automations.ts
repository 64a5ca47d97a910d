import { apiFetch } from "@client/lib/api-client";
import {
  type AutomationDto,
  type AutomationsDto,
  automationDto,
  automationsDto,
  type CreateAutomationInput,
  type CreatedAutomationDto,
  createdAutomationDto,
} from "@shared/schemas/automations";
import type { InvoiceDto } from "@shared/schemas/invoices";
import type { ListResult } from "@shared/schemas/list";
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
      queryClient.setQueryData(automationsQuery.queryKey, (current) => replaceItem(current, updated)),
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

const replaceItem = (current: AutomationsDto | undefined, rule: AutomationDto) =>
  current ? { items: current.items.map((item) => (item.id === rule.id ? rule : item)) } : current;

/** « Renvoyer » a webhook rule's delivery: the answer is the rule, resumed, with that run going again. */
export function useRedeliverRuleDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }): Promise<AutomationDto> =>
      apiFetch(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
        method: "POST",
        schema: automationDto,
      }),
    onSuccess: (updated) =>
      queryClient.setQueryData(automationsQuery.queryKey, (current) => replaceItem(current, updated)),
  });
}

/** A new rule from the form; a webhook rule's answer carries its signing secret, this once. */
export function useCreateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (input: CreateAutomationInput): Promise<CreatedAutomationDto> =>
      apiFetch("/api/automations", { method: "POST", body: input, schema: createdAutomationDto }),
    onSuccess: () => queryClient.invalidateQueries(automationsQuery),
  });
}

/** Replaces a rule's settings (same kind); its run log stays. */
export function useEditAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, input }: { id: string; input: CreateAutomationInput }): Promise<AutomationDto> =>
      apiFetch(path(id), { method: "PUT", body: input, schema: automationDto }),
    onSuccess: (updated) =>
      queryClient.setQueryData(automationsQuery.queryKey, (current) => replaceItem(current, updated)),
  });
}

/** A client's invoices, to copy the lines of one into a recurring invoice (searched by the client's name). */
export function useClientInvoices(clientId: string, clientName: string) {
  return useQuery({
    queryKey: ["invoices", "automation-source", clientId],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ search: clientName, pageSize: "50" });
      const page = await apiFetch<ListResult<InvoiceDto>>(`/api/invoices?${query}`, { signal });
      return page.items.filter((invoice) => invoice.clientId === clientId && invoice.kind === "facture");
    },
    enabled: clientId !== "",
  });
}
