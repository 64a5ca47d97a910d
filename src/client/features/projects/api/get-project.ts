import { apiFetch } from "@client/lib/api-client";
import { projectDetailDto } from "@shared/schemas/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { projectsRootKey } from "./projects-keys";

export const getProject = (id: string, signal?: AbortSignal) =>
  apiFetch(`/api/projects/${encodeURIComponent(id)}`, { schema: projectDetailDto, signal });

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...projectsRootKey, "detail", id],
    queryFn: ({ signal }) => getProject(id, signal),
    staleTime: 30_000,
  });

export const useProject = (id: string) => useQuery(projectQueryOptions(id));
