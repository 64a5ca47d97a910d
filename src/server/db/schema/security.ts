import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt } from "./columns";
import { tenantPolicy } from "./tenancy";

/**
 * Security events. `user_id` is NULL when no user is known (failed sign-in): such rows are written by the
 * owner role, and `app_user` only ever sees and writes the current user's rows.
 */
export const securityAuditLog = pgTable(
  "security_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    eventType: text("event_type").notNull(),
    eventDescription: text("event_description"),
    resourceAccessed: text("resource_accessed"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    index("security_audit_log_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("security_audit_log_event_type_created_at_idx").on(t.eventType, t.createdAt),
  ],
).enableRLS();

/*
 * Application roles and permissions behind the spec's is_admin / has_admin_permission(user, resource,
 * action). System tables: no row-level security.
 */

export const roles = pgTable("roles", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "role_permissions_pkey", columns: [t.roleId, t.resource, t.action] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_roles_pkey", columns: [t.userId, t.roleId] }),
    index("user_roles_role_id_idx").on(t.roleId),
  ],
);

/**
 * Failed password sign-ins, one row each: the sign-in limiter counts them per e-mail and per IP over a
 * sliding window (spec: 5 per 15 minutes). Kept in the database so the limit holds across processes.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_failures_email_created_at_idx").on(t.email, t.createdAt),
    index("sign_in_failures_ip_address_created_at_idx").on(t.ipAddress, t.createdAt),
  ],
);
