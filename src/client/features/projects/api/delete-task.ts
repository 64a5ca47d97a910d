import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onProjectsChanged } from "./projects-keys";

export const deleteTask = ({ projectId, taskId }: { projectId: string; taskId: string }) =>
  apiFetch<void>(`/api/projects/${encodeURIComponent(projectId)}/tasks/${encodeURIComponent(taskId)}`, {
    method: "DELETE",
  });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteTask,
    onSuccess: () => onProjectsChanged(queryClient),
  });
}
