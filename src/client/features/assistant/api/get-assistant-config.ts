import { apiFetch } from "@client/lib/api-client";
import type { ModelProvider } from "@shared/ai/models";
import { assistantConfigDto } from "@shared/schemas/assistant";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const assistantConfigQuery = queryOptions({
  queryKey: ["assistant", "config"],
  queryFn: ({ signal }) => apiFetch("/api/assistant/config", { schema: assistantConfigDto, signal }),
  // The server reads its keys once at start: the answer holds for the whole visit.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The AI providers configured on the server (the local engine aside) and the models they serve. */
export function useAssistantConfig() {
  const query = useQuery(assistantConfigQuery);
  const providers = (query.data?.providers ?? []).filter(
    (provider): provider is ModelProvider => provider !== "local",
  );
  return {
    ...query,
    providers,
    availableModels: query.data?.availableModels ?? [],
    serverModels: query.data?.serverModels ?? [],
  };
}
