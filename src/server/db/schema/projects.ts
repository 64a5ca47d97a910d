import { index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { cents, checkIn, day, optionalFkIndex, timestamps } from "./columns";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

/** 'active' and 'en-cours' both occur in the spec (assistant vs. manual creation); both count as active. */
export const projectStatuses = ["en-cours", "active", "en-pause", "terminé"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    clientId: uuid("client_id"),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: projectStatuses }).notNull().default("en-cours"),
    budgetCents: cents("budget_cents"),
    hourlyRateCents: cents("hourly_rate_cents"),
    startDate: day("start_date"),
    endDate: day("end_date"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("projects_status_check", t.status, projectStatuses),
    unique("projects_id_user_id_key").on(t.id, t.userId),
    tenantReference("projects_client_fk", [t.clientId, t.userId], clients, "set null"),
    index("projects_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("projects_user_id_status_idx").on(t.userId, t.status),
    // The global search's generated column search_text (migration 0023 search-text) is left out of
    // drizzle on purpose, so that no other query reads it: see src/server/modules/search.
    optionalFkIndex("projects_client_id_idx", t.clientId),
  ],
).enableRLS();

export const taskStatuses = ["a-faire", "en-cours", "terminee"] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    projectId: uuid("project_id").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: taskStatuses }).notNull().default("a-faire"),
    dueDate: day("due_date"),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("tasks_status_check", t.status, taskStatuses),
    tenantReference("tasks_project_fk", [t.projectId, t.userId], projects, "cascade"),
    index("tasks_project_id_position_idx").on(t.projectId, t.position),
    index("tasks_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("tasks_user_id_status_idx").on(t.userId, t.status),
  ],
).enableRLS();
