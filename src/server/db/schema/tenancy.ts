import { sql } from "drizzle-orm";
import { type AnyPgColumn, foreignKey, pgPolicy, pgRole, text } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The non-owner role a request's queries run as (`SET LOCAL ROLE app_user`). It is created by the custom
 * migration `0000_app-user-role.sql`, so drizzle-kit must never create or drop it.
 */
export const appUser = pgRole("app_user").existing();

/** The tenant of the current transaction, set with `set_config('app.user_id', <id>, true)`; NULL when unset. */
export const currentTenantId = sql`nullif(current_setting('app.user_id', true), '')`;

/**
 * Row-level security policy: `app_user` sees and writes only rows whose `column` is the current tenant.
 * Tenant tables also call `.enableRLS()`, so RLS stays on (deny-all) even if a policy is ever removed.
 * The owner role and superusers (migrations, jobs, webhooks, better-auth) bypass RLS.
 */
export const tenantPolicy = (column: AnyPgColumn) => {
  const isOwnRow = sql`${sql.identifier(column.name)} = ${currentTenantId}`;
  return pgPolicy("tenant_isolation", {
    as: "permissive",
    to: appUser,
    for: "all",
    using: isOwnRow,
    withCheck: isOwnRow,
  });
};

/** `user_id text not null references "user"(id) on delete cascade`, the owner column of every tenant table. */
export const tenantUserId = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** A tenant table as the target of a tenant reference: it declares `unique (id, user_id)`. */
type TenantParent = { id: AnyPgColumn; userId: AnyPgColumn };

/**
 * Foreign key from a tenant row to another row of the same user: (column, user_id) → parent (id, user_id).
 * The database itself then refuses a link to another user's row, whatever a service forgets to check
 * (issue 10); every reference between tenant tables goes through here, and db/schema/tenant-references.test.ts
 * fails on one that does not.
 *
 * "set null" clears the reference column only (`ON DELETE SET NULL (column)`, PostgreSQL 15+): a bare
 * SET NULL would clear user_id too, which is NOT NULL. drizzle types only the bare actions, but drizzle-kit
 * writes the action text as given, so the column list reaches the migration and the snapshot alike.
 */
export const tenantReference = (
  name: string,
  [column, userId]: [AnyPgColumn, AnyPgColumn],
  parent: TenantParent,
  onDelete: "cascade" | "set null" | "no action",
) =>
  foreignKey({ name, columns: [column, userId], foreignColumns: [parent.id, parent.userId] }).onDelete(
    onDelete === "set null" ? (`set null (${column.name})` as "set null") : onDelete,
  );
