import type { ListResult } from "@shared/schemas/list";
import type {
  CreateProjectData,
  CreateTaskData,
  ProjectDetailDto,
  ProjectDto,
  ProjectStatus,
  TaskDto,
  UpdateProjectData,
  UpdateTaskData,
} from "@shared/schemas/projects";
import { ACTIVE_PROJECT_STATUSES, END_BEFORE_START_MESSAGE, isActiveProject } from "@shared/schemas/projects";
import { and, asc, count, desc, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type PageExtras, pageTotal, pageWindow, totalOf } from "../../db/paging";
import { clients, contracts, invoices, projects, quotes, tasks } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { ownClient } from "../clients/own-client";
import { containing, folded } from "../clients/text-search";
import { latestInvoices, latestQuotes } from "../documents/related";

type ProjectRow = typeof projects.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;
type ProjectWithCounts = ProjectRow & { clientName: string | null; taskCount: number; doneTaskCount: number };

export const PROJECT_NOT_FOUND = "Projet introuvable.";
export const TASK_NOT_FOUND = "Tâche introuvable.";
export const projectNotFound = () => new AppError("not_found", PROJECT_NOT_FOUND);
export const taskNotFound = () => new AppError("not_found", TASK_NOT_FOUND);

/** How many related records of each kind the detail page shows. */
const RELATED_LIMIT = 10;

export function toProjectDto(row: ProjectWithCounts): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    clientId: row.clientId,
    clientName: row.clientName,
    status: row.status,
    budgetCents: row.budgetCents,
    hourlyRateCents: row.hourlyRateCents,
    startDate: row.startDate,
    endDate: row.endDate,
    taskCount: row.taskCount,
    doneTaskCount: row.doneTaskCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    status: row.status,
    dueDate: row.dueDate,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Filters = { search?: string; status?: ProjectStatus };

function listWhere(userId: string, { search, status }: Filters): SQL | undefined {
  const pattern = search ? containing(search) : null;
  return and(
    eq(projects.userId, userId),
    // « En cours » lists both of its values: the assistant's 'active' is the same state (issue 31 item 16).
    status
      ? inArray(projects.status, isActiveProject(status) ? [...ACTIVE_PROJECT_STATUSES] : [status])
      : undefined,
    pattern
      ? or(
          sql`${folded(projects.name)} like ${pattern}`,
          sql`${folded(projects.description)} like ${pattern}`,
          sql`${folded(clients.name)} like ${pattern}`,
        )
      : undefined,
  );
}

/** Projects with their client's name and task counts, in one query. */
export function selectProjects<Extra extends PageExtras = Record<never, never>>(
  tx: Tx,
  userId: string,
  extra = {} as Extra,
) {
  const taskCounts = tx
    .select({
      projectId: tasks.projectId,
      total: sql<number>`count(*)::int`.as("total"),
      done: sql<number>`(count(*) filter (where ${tasks.status} = 'terminee'))::int`.as("done"),
    })
    .from(tasks)
    .where(eq(tasks.userId, userId))
    .groupBy(tasks.projectId)
    .as("task_counts");
  return {
    query: tx
      .select({
        ...getTableColumns(projects),
        clientName: clients.name,
        taskCount: sql<number>`coalesce(${taskCounts.total}, 0)`,
        doneTaskCount: sql<number>`coalesce(${taskCounts.done}, 0)`,
        ...extra,
      })
      .from(projects)
      .leftJoin(clients, and(eq(clients.id, projects.clientId), eq(clients.userId, userId)))
      .leftJoin(taskCounts, eq(taskCounts.projectId, projects.id)),
  };
}

type ListParams = { userId: string; page: number; pageSize: number } & Filters;

/** A page of the user's projects, newest first, with the total matching the filters. */
export async function listProjects(db: Db, params: ListParams): Promise<ListResult<ProjectDto>> {
  const { userId, page, pageSize } = params;
  const where = listWhere(userId, params);
  const { limit, offset } = pageWindow({ page, pageSize });
  return withTenant(db, userId, async (tx) => {
    const counting = tx
      .select({ n: count() })
      .from(projects)
      .leftJoin(clients, and(eq(clients.id, projects.clientId), eq(clients.userId, userId)))
      .where(where);
    const rows = await selectProjects(tx, userId, { total: totalOf(counting) })
      .query.where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(limit)
      .offset(offset);
    return { items: rows.map(toProjectDto), total: await pageTotal(rows, counting, offset), page, pageSize };
  });
}

/** Every project matching the filters (no paging), for the CSV export. */
export async function exportProjects(db: Db, params: { userId: string } & Filters): Promise<ProjectDto[]> {
  return withTenant(db, params.userId, async (tx) => {
    const rows = await selectProjects(tx, params.userId)
      .query.where(listWhere(params.userId, params))
      .orderBy(desc(projects.createdAt), desc(projects.id));
    return rows.map(toProjectDto);
  });
}

async function findOwn(tx: Tx, userId: string, projectId: string): Promise<ProjectWithCounts> {
  const [row] = await selectProjects(tx, userId).query.where(
    and(eq(projects.id, projectId), eq(projects.userId, userId)),
  );
  if (!row) throw projectNotFound();
  return row;
}

async function loadTasks(tx: Tx, userId: string, projectId: string) {
  return tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), eq(tasks.userId, userId)))
    .orderBy(asc(tasks.position), asc(tasks.createdAt));
}

export async function getProject(db: Db, { userId, projectId }: { userId: string; projectId: string }) {
  return toProjectDto(await withTenant(db, userId, (tx) => findOwn(tx, userId, projectId)));
}

/** The project with its tasks, client, invoiced amount and the invoices, quotes and contracts tied to it. */
export async function getProjectDetail(
  db: Db,
  { userId, projectId }: { userId: string; projectId: string },
): Promise<ProjectDetailDto> {
  return withTenant(db, userId, async (tx) => {
    const project = await findOwn(tx, userId, projectId);
    const ofProject = <T extends typeof invoices | typeof quotes | typeof contracts>(table: T) =>
      and(eq(table.userId, userId), eq(table.projectId, projectId));
    // Issued invoices that still stand: drafts are not invoiced yet, a cancelled one is offset by its avoir.
    const standing = and(
      eq(invoices.kind, "facture"),
      sql`${invoices.status} not in ('brouillon', 'annulée')`,
    );
    const [taskRows, [totals], invoiceRows, quoteRows, contractRows] = await Promise.all([
      loadTasks(tx, userId, projectId),
      tx
        .select({
          invoicedCents: sql<number>`coalesce(sum(${invoices.subtotalCents}) filter (where ${standing}), 0)::int`,
          paidCents: sql<number>`coalesce(sum(${invoices.paidCents}) filter (where ${standing}), 0)::int`,
        })
        .from(invoices)
        .where(ofProject(invoices)),
      latestInvoices(tx, ofProject(invoices), RELATED_LIMIT),
      latestQuotes(tx, ofProject(quotes), RELATED_LIMIT),
      tx
        .select({
          id: contracts.id,
          number: contracts.contractNumber,
          title: contracts.title,
          status: contracts.status,
          amountCents: contracts.amountCents,
        })
        .from(contracts)
        .where(ofProject(contracts))
        .orderBy(desc(contracts.createdAt))
        .limit(RELATED_LIMIT),
    ]);
    return {
      project: toProjectDto(project),
      tasks: taskRows.map(toTaskDto),
      totals: { invoicedCents: totals?.invoicedCents ?? 0, paidCents: totals?.paidCents ?? 0 },
      invoices: invoiceRows,
      quotes: quoteRows,
      contracts: contractRows,
    };
  });
}

export async function createProject(
  db: Db,
  { userId, input }: { userId: string; input: CreateProjectData },
): Promise<ProjectDto> {
  return withTenant(db, userId, async (tx) => {
    await ownClient(tx, userId, input.clientId);
    const [row] = await tx
      .insert(projects)
      .values({ ...input, userId })
      .returning({ id: projects.id });
    if (!row) throw new Error("insert into projects returned no row");
    return toProjectDto(await findOwn(tx, userId, row.id));
  });
}

export async function updateProject(
  db: Db,
  { userId, projectId, input }: { userId: string; projectId: string; input: UpdateProjectData },
): Promise<ProjectDto> {
  return withTenant(db, userId, async (tx) => {
    const current = await findOwn(tx, userId, projectId);
    // The date order holds on the merged record, not just on the patch.
    const startDate = input.startDate === undefined ? current.startDate : input.startDate;
    const endDate = input.endDate === undefined ? current.endDate : input.endDate;
    if (startDate && endDate && endDate < startDate)
      throw new AppError("validation_failed", "Certaines informations sont invalides.", [
        { path: "endDate", message: END_BEFORE_START_MESSAGE },
      ]);
    if (Object.keys(input).length === 0) return toProjectDto(current);
    await ownClient(tx, userId, input.clientId);
    await tx
      .update(projects)
      .set(input)
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
    return toProjectDto(await findOwn(tx, userId, projectId));
  });
}

/** Deletes a project and its tasks; invoices, quotes, contracts and expenses stay, unlinked (SET NULL). */
export async function deleteProject(db: Db, { userId, projectId }: { userId: string; projectId: string }) {
  await withTenant(db, userId, async (tx) => {
    const deleted = await tx
      .delete(projects)
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
      .returning({ id: projects.id });
    if (deleted.length === 0) throw projectNotFound();
  });
}

// Tasks.

/** Locks the project row: concurrent task changes of one project (positions) take turns. */
async function lockProject(tx: Tx, userId: string, projectId: string) {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .for("update");
  if (!row) throw projectNotFound();
}

export async function listTasks(
  db: Db,
  { userId, projectId }: { userId: string; projectId: string },
): Promise<TaskDto[]> {
  return withTenant(db, userId, async (tx) => {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
    if (!project) throw projectNotFound();
    return (await loadTasks(tx, userId, projectId)).map(toTaskDto);
  });
}

/** Adds a task at the end of the project's list. */
export async function createTask(
  db: Db,
  { userId, projectId, input }: { userId: string; projectId: string; input: CreateTaskData },
): Promise<TaskDto> {
  return withTenant(db, userId, async (tx) => {
    await lockProject(tx, userId, projectId);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${tasks.position}), -1)::int` })
      .from(tasks)
      .where(and(eq(tasks.projectId, projectId), eq(tasks.userId, userId)));
    const [row] = await tx
      .insert(tasks)
      .values({ ...input, userId, projectId, position: (last?.position ?? -1) + 1 })
      .returning();
    if (!row) throw new Error("insert into tasks returned no row");
    return toTaskDto(row);
  });
}

export async function updateTask(
  db: Db,
  {
    userId,
    projectId,
    taskId,
    input,
  }: { userId: string; projectId: string; taskId: string; input: UpdateTaskData },
): Promise<TaskDto> {
  return withTenant(db, userId, async (tx) => {
    const where = and(eq(tasks.id, taskId), eq(tasks.projectId, projectId), eq(tasks.userId, userId));
    if (Object.keys(input).length === 0) {
      const [current] = await tx.select().from(tasks).where(where);
      if (!current) throw taskNotFound();
      return toTaskDto(current);
    }
    const [row] = await tx.update(tasks).set(input).where(where).returning();
    if (!row) throw taskNotFound();
    return toTaskDto(row);
  });
}

export async function deleteTask(
  db: Db,
  { userId, projectId, taskId }: { userId: string; projectId: string; taskId: string },
) {
  await withTenant(db, userId, async (tx) => {
    const deleted = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (deleted.length === 0) throw taskNotFound();
  });
}

export const REORDER_MISMATCH_MESSAGE =
  "La liste ne correspond plus aux tâches du projet : rechargez la page et réessayez.";

/** Sets the order of the project's tasks; the ids must be exactly the project's tasks. */
export async function reorderTasks(
  db: Db,
  { userId, projectId, taskIds }: { userId: string; projectId: string; taskIds: string[] },
): Promise<TaskDto[]> {
  return withTenant(db, userId, async (tx) => {
    await lockProject(tx, userId, projectId);
    const current = await loadTasks(tx, userId, projectId);
    const known = new Set(current.map((task) => task.id));
    if (current.length !== taskIds.length || taskIds.some((id) => !known.has(id)))
      throw new AppError("conflict", REORDER_MISMATCH_MESSAGE);
    if (taskIds.length > 0) {
      // One statement: position = index in the given list.
      const positions = sql.join(
        taskIds.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
        sql` `,
      );
      await tx
        .update(tasks)
        .set({ position: sql`case ${tasks.id} ${positions} end` })
        .where(and(eq(tasks.projectId, projectId), eq(tasks.userId, userId)));
    }
    return (await loadTasks(tx, userId, projectId)).map(toTaskDto);
  });
}
