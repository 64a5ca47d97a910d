import { apiFetch } from "@client/lib/api-client";
import { projectDto, type UpdateProjectInput } from "@shared/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onProjectsChanged } from "./projects-keys";

export const updateProject = ({ id, input }: { id: string; input: UpdateProjectInput }) =>
  apiFetch(`/api/projects/${encodeURIComponent(id)}`, { method: "PATCH", body: input, schema: projectDto });

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateProject,
    onSuccess: () => onProjectsChanged(queryClient),
  });
}
