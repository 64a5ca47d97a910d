import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onProjectsChanged, projectsRootKey } from "./projects-keys";

export const deleteProject = (id: string) =>
  apiFetch<void>(`/api/projects/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteProject,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [...projectsRootKey, "detail", id] });
      return onProjectsChanged(queryClient);
    },
  });
}
