import { apiFetch } from "@client/lib/api-client";
import { clientPipelineDto } from "@shared/schemas/clients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientsRootKey } from "./clients-keys";

export const pipelineQueryOptions = queryOptions({
  queryKey: [...clientsRootKey, "pipeline"],
  queryFn: ({ signal }) => apiFetch("/api/clients/pipeline", { schema: clientPipelineDto, signal }),
  staleTime: 30_000,
});

export const usePipeline = () => useQuery(pipelineQueryOptions);
