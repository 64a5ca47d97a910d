import { formatAmount } from "@shared/format";
import {
  createProjectInput,
  createTaskInput,
  type ProjectDto,
  projectListQuery,
  projectStatusLabels,
  reorderTasksInput,
  updateProjectInput,
  updateTaskInput,
} from "@shared/schemas/projects";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type CsvColumn, csvResponse } from "../../http/csv";
import { uuidParam, valid } from "../../http/validate";
import {
  createProject,
  createTask,
  deleteProject,
  deleteTask,
  exportProjects,
  getProjectDetail,
  listProjects,
  listTasks,
  PROJECT_NOT_FOUND,
  reorderTasks,
  TASK_NOT_FOUND,
  updateProject,
  updateTask,
} from "./projects.service";

const uuid = z.uuid();
/** `:taskId` must be a uuid; a malformed one is a task that does not exist. */
const taskIdParam: MiddlewareHandler = async (c, next) => {
  if (!uuid.safeParse(c.req.param("taskId")).success) throw new AppError("not_found", TASK_NOT_FOUND);
  await next();
};

/** A day in France as YYYY-MM-DD, which French spreadsheets read as a date. */
const parisDay = (iso: string) => new Date(iso).toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
const money = (cents: number | null) => (cents === null ? null : formatAmount(cents));

const exportColumns: CsvColumn<ProjectDto>[] = [
  { header: "Projet", value: (row) => row.name },
  { header: "Client", value: (row) => row.clientName },
  { header: "Statut", value: (row) => projectStatusLabels[row.status] },
  { header: "Budget (€)", value: (row) => money(row.budgetCents) },
  { header: "Taux horaire (€)", value: (row) => money(row.hourlyRateCents) },
  { header: "Début", value: (row) => row.startDate },
  { header: "Fin", value: (row) => row.endDate },
  { header: "Tâches", value: (row) => row.taskCount },
  { header: "Tâches terminées", value: (row) => row.doneTaskCount },
  { header: "Description", value: (row) => row.description },
  { header: "Créé le", value: (row) => parisDay(row.createdAt) },
];

/** /api/projects: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function projectRoutes(db: Db) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/", valid(projectListQuery, "query"), async (c) =>
        c.json(await listProjects(db, { userId: c.get("user").id, ...c.req.valid("query") })),
      )
      // Static paths come before /:id.
      .get("/export.csv", valid(projectListQuery, "query"), async (c) => {
        const { search, status } = c.req.valid("query");
        const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
        return csvResponse(c, db, {
          filename: `projets-${today}.csv`,
          columns: exportColumns,
          rows: () => exportProjects(db, { userId: c.get("user").id, search, status }),
        });
      })
      .post("/", valid(createProjectInput), async (c) =>
        c.json(await createProject(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
      )
      .use("/:id", uuidParam(PROJECT_NOT_FOUND))
      .use("/:id/*", uuidParam(PROJECT_NOT_FOUND))
      .get("/:id", async (c) =>
        c.json(await getProjectDetail(db, { userId: c.get("user").id, projectId: c.req.param("id") })),
      )
      .patch("/:id", valid(updateProjectInput), async (c) =>
        c.json(
          await updateProject(db, {
            userId: c.get("user").id,
            projectId: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id", async (c) => {
        await deleteProject(db, { userId: c.get("user").id, projectId: c.req.param("id") });
        return c.body(null, 204);
      })
      .get("/:id/tasks", async (c) =>
        c.json(await listTasks(db, { userId: c.get("user").id, projectId: c.req.param("id") })),
      )
      .post("/:id/tasks", valid(createTaskInput), async (c) =>
        c.json(
          await createTask(db, {
            userId: c.get("user").id,
            projectId: c.req.param("id"),
            input: c.req.valid("json"),
          }),
          201,
        ),
      )
      // Static before /:taskId.
      .put("/:id/tasks/order", valid(reorderTasksInput), async (c) =>
        c.json(
          await reorderTasks(db, {
            userId: c.get("user").id,
            projectId: c.req.param("id"),
            taskIds: c.req.valid("json").taskIds,
          }),
        ),
      )
      .patch("/:id/tasks/:taskId", taskIdParam, valid(updateTaskInput), async (c) =>
        c.json(
          await updateTask(db, {
            userId: c.get("user").id,
            projectId: c.req.param("id"),
            taskId: c.req.param("taskId"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id/tasks/:taskId", taskIdParam, async (c) => {
        await deleteTask(db, {
          userId: c.get("user").id,
          projectId: c.req.param("id"),
          taskId: c.req.param("taskId"),
        });
        return c.body(null, 204);
      })
  );
}
