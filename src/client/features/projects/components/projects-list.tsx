import { type Column, DataList } from "@client/components/data-list/data-list";
import {
  countOf,
  ListCardLink,
  ListFilters,
  ListHeader,
  NewItemLink,
} from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type ProjectDto, projectStatusChoices, projectStatusLabels } from "@shared/schemas/projects";
import { FolderKanban } from "lucide-react";
import { projectsExportHref, useProjects } from "../api/get-projects";
import { ProjectStatusBadge } from "./project-status-badge";

const dash = <span className="text-muted-foreground">—</span>;

function TaskProgress({ project }: { project: ProjectDto }) {
  if (project.taskCount === 0) return <span className="text-muted-foreground">Aucune tâche</span>;
  const percent = Math.round((project.doneTaskCount / project.taskCount) * 100);
  return (
    <span className="flex items-center gap-2">
      <span className="h-1.5 w-16 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
      <span className="text-muted-foreground tabular-nums">
        {project.doneTaskCount}/{project.taskCount}
      </span>
    </span>
  );
}

const columns: Column<ProjectDto>[] = [
  { id: "name", header: "Projet", cell: (project) => project.name },
  { id: "client", header: "Client", cell: (project) => project.clientName ?? dash },
  { id: "status", header: "Statut", cell: (project) => <ProjectStatusBadge status={project.status} /> },
  {
    id: "tasks",
    header: "Tâches",
    cell: (project) => <TaskProgress project={project} />,
    className: "hidden lg:table-cell",
  },
  {
    id: "budget",
    header: "Budget HT",
    cell: (project) => (project.budgetCents === null ? dash : formatMoney(project.budgetCents)),
    className: "text-right tabular-nums whitespace-nowrap",
  },
  {
    id: "end",
    header: "Fin",
    cell: (project) => (project.endDate ? formatDate(project.endDate) : dash),
    className: "hidden lg:table-cell text-right whitespace-nowrap text-muted-foreground",
  },
];

function ProjectCard({ project }: { project: ProjectDto }) {
  return (
    <ListCardLink to={paths.app.projects.detail(project.id)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{project.name}</p>
          <p className="truncate text-sm text-muted-foreground">{project.clientName ?? "Sans client"}</p>
        </div>
        <ProjectStatusBadge status={project.status} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-xs">
        <TaskProgress project={project} />
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {project.budgetCents === null ? "" : formatMoney(project.budgetCents)}
        </span>
      </div>
    </ListCardLink>
  );
}

export function ProjectsList() {
  useDocumentTitle("Projets");
  const list = useListParams(projectStatusChoices);
  const query = useProjects(list.params);
  const newProject = <NewItemLink to={paths.app.projects.new}>Nouveau projet</NewItemLink>;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <ListHeader
        title="Projets"
        description={
          query.data ? countOf(query.data.total, "projet") : "Vos missions, leurs tâches et leur budget"
        }
        exportHref={projectsExportHref(list.params)}
        exportFilename="projets.csv"
        action={newProject}
      />
      <ListFilters
        list={list}
        statuses={projectStatusChoices}
        statusLabels={projectStatusLabels}
        searchLabel="Rechercher un projet"
        searchPlaceholder="Nom, description, client…"
      />
      <DataList
        label="Liste des projets"
        columns={columns}
        state={query}
        getHref={(project) => paths.app.projects.detail(project.id)}
        renderCard={(project) => <ProjectCard project={project} />}
        list={list}
        empty={{
          icon: <FolderKanban className="size-6" aria-hidden="true" />,
          title: "Aucun projet pour l'instant",
          description: "Créez un projet pour suivre ses tâches, son budget et ce que vous avez facturé.",
          action: newProject,
        }}
      />
    </div>
  );
}
