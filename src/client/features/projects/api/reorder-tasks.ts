import { apiFetch } from "@client/lib/api-client";
import type { ProjectDetailDto } from "@shared/schemas/projects";
import { taskList } from "@shared/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectQueryOptions } from "./get-project";
import { onProjectsChanged } from "./projects-keys";

export const reorderTasks = ({ projectId, taskIds }: { projectId: string; taskIds: string[] }) =>
  apiFetch(`/api/projects/${encodeURIComponent(projectId)}/tasks/order`, {
    method: "PUT",
    body: { taskIds },
    schema: taskList,
  });

/** Moves the tasks on screen at once; the server's answer (or its refusal) settles the order. */
export function useReorderTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: reorderTasks,
    onMutate: async ({ projectId, taskIds }) => {
      const key = projectQueryOptions(projectId).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProjectDetailDto>(key);
      if (previous) {
        const byId = new Map(previous.tasks.map((task) => [task.id, task]));
        const tasks = taskIds.flatMap((id, position) => {
          const task = byId.get(id);
          return task ? [{ ...task, position }] : [];
        });
        queryClient.setQueryData(key, { ...previous, tasks });
      }
      return { previous, key };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
    },
    onSettled: () => onProjectsChanged(queryClient),
  });
}
