import { listSearchParams } from "@client/components/data-list/use-list-params";
import { apiFetch } from "@client/lib/api-client";
import { type ProjectStatus, projectList } from "@shared/schemas/projects";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { projectsRootKey } from "./projects-keys";

export type ProjectsParams = { page: number; pageSize: number; search?: string; status?: ProjectStatus };

export const getProjects = (params: ProjectsParams, signal?: AbortSignal) =>
  apiFetch(`/api/projects${listSearchParams(params)}`, { schema: projectList, signal });

export const projectsQueryOptions = (params: ProjectsParams) =>
  queryOptions({
    queryKey: [...projectsRootKey, "list", params],
    queryFn: ({ signal }) => getProjects(params, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useProjects = (params: ProjectsParams) => useQuery(projectsQueryOptions(params));

/** The CSV export of the list as currently filtered (all pages). */
export const projectsExportHref = ({ search, status }: Pick<ProjectsParams, "search" | "status">) =>
  `/api/projects/export.csv${listSearchParams({ search, status })}`;
