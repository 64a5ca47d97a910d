import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { formatDate } from "@shared/format";
import {
  createTaskInput,
  type TaskDto,
  type TaskStatus,
  taskStatuses,
  taskStatusLabels,
} from "@shared/schemas/projects";
import { ArrowDown, ArrowUp, Check, LoaderCircle, Plus, Trash2, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useCreateTask } from "../api/create-task";
import { useDeleteTask } from "../api/delete-task";
import { useReorderTasks } from "../api/reorder-tasks";
import { useUpdateTask } from "../api/update-task";

const showError = (error: Error) => toast.error("Une erreur est survenue", { description: error.message });

const statusStyles: Record<TaskStatus, string> = {
  "a-faire": "bg-muted text-muted-foreground",
  "en-cours": "bg-sky-500/10 text-sky-700 dark:text-sky-300",
  terminee: "bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
};

function AddTask({ projectId }: { projectId: string }) {
  const create = useCreateTask();
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTaskInput.safeParse({ title, dueDate });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Tâche invalide.");
      return;
    }
    setError(null);
    create.mutate(
      { projectId, input: parsed.data },
      {
        onSuccess: () => {
          setTitle("");
          setDueDate("");
        },
        onError: showError,
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1.5">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-task-title" className="sr-only">
          Nouvelle tâche
        </label>
        <input
          id="new-task-title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Nouvelle tâche…"
          aria-invalid={error ? true : undefined}
          className="h-10 w-full min-w-0 rounded-lg border bg-surface px-3 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:flex-1 sm:text-sm"
        />
        <div className="flex gap-2">
          <label htmlFor="new-task-due" className="sr-only">
            Échéance de la nouvelle tâche
          </label>
          <input
            id="new-task-due"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            className="h-10 min-w-0 flex-1 rounded-lg border bg-surface px-3 text-base shadow-sm outline-none focus-visible:border-primary sm:w-40 sm:flex-none sm:text-sm"
          />
          <button type="submit" disabled={create.isPending} className={buttonStyles()}>
            {create.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Plus aria-hidden="true" />
            )}
            Ajouter
          </button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function TaskTitle({ task, projectId }: { task: TaskDto; projectId: string }) {
  const update = useUpdateTask();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <button
        type="button"
        onClick={() => setDraft(task.title)}
        aria-label={`Renommer « ${task.title} »`}
        className={cn(
          "min-w-0 flex-1 truncate rounded px-1 text-left text-sm hover:bg-muted",
          task.status === "terminee" && "text-muted-foreground line-through",
        )}
      >
        {task.title}
      </button>
    );
  const save = () => {
    const title = draft.trim();
    if (!title || title === task.title) {
      setDraft(null);
      return;
    }
    update.mutate(
      { projectId, taskId: task.id, input: { title } },
      { onSuccess: () => setDraft(null), onError: showError },
    );
  };
  return (
    <form
      className="flex min-w-0 flex-1 items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={`task-title-${task.id}`} className="sr-only">
        Intitulé de la tâche
      </label>
      <input
        id={`task-title-${task.id}`}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this task
        autoFocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setDraft(null);
        }}
        className="h-8 min-w-0 flex-1 rounded-md border bg-surface px-2 text-base outline-none focus-visible:border-primary sm:text-sm"
      />
      <button
        type="submit"
        aria-label="Enregistrer le nom"
        className={buttonStyles({ variant: "ghost", size: "sm", className: "px-2" })}
      >
        <Check aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Annuler le renommage"
        onClick={() => setDraft(null)}
        className={buttonStyles({ variant: "ghost", size: "sm", className: "px-2" })}
      >
        <X aria-hidden="true" />
      </button>
    </form>
  );
}

/** The project's tasks: add, rename, change status, move up or down, delete. */
export function TaskList({ projectId, tasks }: { projectId: string; tasks: TaskDto[] }) {
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const reorder = useReorderTasks();
  const move = (index: number, offset: number) => {
    const ids = tasks.map((task) => task.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + offset, 0, moved);
    reorder.mutate({ projectId, taskIds: ids }, { onError: showError });
  };
  const counts = taskStatuses.map((status) => ({
    status,
    count: tasks.filter((task) => task.status === status).length,
  }));

  return (
    <section
      aria-labelledby="tasks-title"
      className="space-y-4 rounded-2xl border bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tasks-title" className="text-base font-semibold">
          Tâches
        </h2>
        <p className="flex gap-3 text-xs text-muted-foreground">
          {counts.map(({ status, count }) => (
            <span key={status}>
              {taskStatusLabels[status]} :{" "}
              <span className="font-medium text-foreground tabular-nums">{count}</span>
            </span>
          ))}
        </p>
      </div>
      <AddTask projectId={projectId} />
      {tasks.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          Aucune tâche : ajoutez la première étape du projet.
        </p>
      ) : (
        <ul className="divide-y rounded-xl border" aria-label="Tâches du projet">
          {tasks.map((task, index) => (
            <li key={task.id} className="flex flex-wrap items-center gap-2 px-3 py-2 sm:flex-nowrap">
              <div className="flex min-w-0 flex-1 basis-full items-center gap-2 sm:basis-auto">
                <TaskTitle task={task} projectId={projectId} />
              </div>
              {task.dueDate ? (
                <span className="text-xs whitespace-nowrap text-muted-foreground">
                  {formatDate(task.dueDate)}
                </span>
              ) : null}
              <label htmlFor={`task-status-${task.id}`} className="sr-only">
                Statut de « {task.title} »
              </label>
              <select
                id={`task-status-${task.id}`}
                value={task.status}
                onChange={(event) =>
                  update.mutate(
                    { projectId, taskId: task.id, input: { status: event.target.value as TaskStatus } },
                    { onError: showError },
                  )
                }
                className={cn(
                  "h-8 rounded-full border-0 px-3 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
                  statusStyles[task.status],
                )}
              >
                {taskStatuses.map((status) => (
                  <option key={status} value={status}>
                    {taskStatusLabels[status]}
                  </option>
                ))}
              </select>
              <div className="ml-auto flex items-center">
                <button
                  type="button"
                  aria-label={`Monter « ${task.title} »`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                  className={buttonStyles({ variant: "ghost", size: "sm", className: "px-2" })}
                >
                  <ArrowUp aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={`Descendre « ${task.title} »`}
                  disabled={index === tasks.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                  className={buttonStyles({ variant: "ghost", size: "sm", className: "px-2" })}
                >
                  <ArrowDown aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={`Supprimer « ${task.title} »`}
                  onClick={() =>
                    remove.mutate(
                      { projectId, taskId: task.id },
                      { onSuccess: () => toast.success("Tâche supprimée"), onError: showError },
                    )
                  }
                  className={buttonStyles({
                    variant: "ghost",
                    size: "sm",
                    className: "px-2 text-danger hover:bg-danger/10",
                  })}
                >
                  <Trash2 aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
