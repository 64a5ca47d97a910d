import { and, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rolePermissions, roles, user, userRoles } from "../../db/schema/index";
import type { Logger } from "../../logger";

export const ADMIN_ROLE = "admin";

/** Spec §6 is_admin: false on any error (a failed check never grants anything). */
export async function isAdmin(db: Db, logger: Logger, userId: string): Promise<boolean> {
  try {
    const rows = await db
      .select({ roleId: roles.id })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.name, ADMIN_ROLE)))
      .limit(1);
    return rows.length > 0;
  } catch (error) {
    logger.warn({ err: error }, "is_admin check failed");
    return false;
  }
}

/**
 * Spec §6 has_admin_permission(user_uuid, resource_name, action_name): the admin role may do anything;
 * other roles only what role_permissions lists ('*' matches any resource or action). False on error.
 */
export async function hasAdminPermission(
  db: Db,
  logger: Logger,
  { userId, resource, action }: { userId: string; resource: string; action: string },
): Promise<boolean> {
  try {
    if (await isAdmin(db, logger, userId)) return true;
    const rows = await db
      .select({ roleId: rolePermissions.roleId })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .where(
        and(
          eq(userRoles.userId, userId),
          or(eq(rolePermissions.resource, resource), eq(rolePermissions.resource, "*")),
          or(eq(rolePermissions.action, action), eq(rolePermissions.action, "*")),
        ),
      )
      .limit(1);
    return rows.length > 0;
  } catch (error) {
    logger.warn({ err: error }, "has_admin_permission check failed");
    return false;
  }
}

/** Gives the admin role to the account with this e-mail (npm run admin -- grant EMAIL). */
export async function grantAdmin(db: Db, email: string): Promise<{ userId: string } | null> {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) return null;
  await db
    .insert(roles)
    .values({ name: ADMIN_ROLE, description: "Administrateur Ardoise" })
    .onConflictDoNothing();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE));
  if (!role) throw new Error("admin role missing after insert");
  await db.insert(userRoles).values({ userId: owner.id, roleId: role.id }).onConflictDoNothing();
  return { userId: owner.id };
}
