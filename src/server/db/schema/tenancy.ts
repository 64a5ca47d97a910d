import { sql } from "drizzle-orm";
import { type AnyPgColumn, pgPolicy, pgRole, text } from "drizzle-orm/pg-core";
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
