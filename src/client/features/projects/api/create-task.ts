import { apiFetch } from "@client/lib/api-client";
import { type CreateTaskInput, taskDto } from "@shared/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onProjectsChanged } from "./projects-keys";

export const createTask = ({ projectId, input }: { projectId: string; input: CreateTaskInput }) =>
  apiFetch(`/api/projects/${encodeURIComponent(projectId)}/tasks`, {
    method: "POST",
    body: input,
    schema: taskDto,
  });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createTask,
    onSuccess: () => onProjectsChanged(queryClient),
  });
}
