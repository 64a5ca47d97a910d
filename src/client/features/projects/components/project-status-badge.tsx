import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import {
  type ProjectStatus,
  projectStatusLabels,
  type TaskStatus,
  taskStatusLabels,
} from "@shared/schemas/projects";

export const projectStatusTones: Record<ProjectStatus, BadgeTone> = {
  "en-cours": "info",
  active: "info",
  "en-pause": "warning",
  terminé: "success",
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={projectStatusTones[status]}>{projectStatusLabels[status]}</Badge>;
}

const taskTones: Record<TaskStatus, BadgeTone> = {
  "a-faire": "neutral",
  "en-cours": "info",
  terminee: "success",
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge tone={taskTones[status]}>{taskStatusLabels[status]}</Badge>;
}
