import { apiFetch } from "@client/lib/api-client";
import { taskDto, type UpdateTaskInput } from "@shared/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onProjectsChanged } from "./projects-keys";

export const updateTask = ({
  projectId,
  taskId,
  input,
}: {
  projectId: string;
  taskId: string;
  input: UpdateTaskInput;
}) =>
  apiFetch(`/api/projects/${encodeURIComponent(projectId)}/tasks/${encodeURIComponent(taskId)}`, {
    method: "PATCH",
    body: input,
    schema: taskDto,
  });

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateTask,
    onSuccess: () => onProjectsChanged(queryClient),
  });
}
