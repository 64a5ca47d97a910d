import { apiFetch } from "@client/lib/api-client";
import { clientList } from "@shared/schemas/clients";
import { projectList } from "@shared/schemas/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The clients offered in the contract form (the newest 100; the list endpoint's maximum page). */
export const clientOptionsQuery = queryOptions({
  // Under the clients' key, so a client created elsewhere refreshes the options too.
  queryKey: ["clients", "options"],
  queryFn: ({ signal }) => apiFetch("/api/clients?pageSize=100", { schema: clientList, signal }),
  staleTime: 60_000,
});

export const projectOptionsQuery = queryOptions({
  queryKey: ["projects", "options"],
  queryFn: ({ signal }) => apiFetch("/api/projects?pageSize=100", { schema: projectList, signal }),
  staleTime: 60_000,
});

export const useClientOptions = () => useQuery(clientOptionsQuery);
export const useProjectOptions = () => useQuery(projectOptionsQuery);
