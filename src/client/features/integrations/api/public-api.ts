import { apiFetch } from "@client/lib/api-client";
import {
  apiTokenList,
  type CreateApiTokenInput,
  createdApiTokenDto,
  webhookList,
} from "@shared/schemas/public-api";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

// The Intégrations page's side of the public API: personal tokens and the hooks automation tools made.

const tokensQuery = queryOptions({
  queryKey: ["integrations", "api-tokens"],
  queryFn: ({ signal }) => apiFetch("/api/integrations/tokens", { schema: apiTokenList, signal }),
});

export const useApiTokens = () => useQuery(tokensQuery);

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (body: CreateApiTokenInput) =>
      apiFetch("/api/integrations/tokens", { method: "POST", body, schema: createdApiTokenDto }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (id: string) => apiFetch(`/api/integrations/tokens/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });
}

const hooksQuery = queryOptions({
  queryKey: ["integrations", "hooks"],
  queryFn: ({ signal }) => apiFetch("/api/integrations/hooks", { schema: webhookList, signal }),
});

export const useWebhooks = () => useQuery(hooksQuery);

/** "Renvoyer" a delivery, or remove a hook: both change the list, which is read again. */
const HOOK_CHANGES = {
  redeliver: (id: string) => ({ path: `/api/integrations/hooks/deliveries/${id}/redeliver`, method: "POST" }),
  remove: (id: string) => ({ path: `/api/integrations/hooks/${id}`, method: "DELETE" }),
} as const;

export function useChangeWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ change, id }: { change: keyof typeof HOOK_CHANGES; id: string }) => {
      const { path, method } = HOOK_CHANGES[change](id);
      return apiFetch(path, { method });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hooksQuery.queryKey }),
  });
}
