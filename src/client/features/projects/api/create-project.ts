import { apiFetch } from "@client/lib/api-client";
import { type CreateProjectInput, projectDto } from "@shared/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onProjectsChanged } from "./projects-keys";

export const createProject = (input: CreateProjectInput) =>
  apiFetch("/api/projects", { method: "POST", body: input, schema: projectDto });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createProject,
    onSuccess: () => onProjectsChanged(queryClient),
  });
}
