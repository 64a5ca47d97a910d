import { and, eq } from "drizzle-orm";
import { projects } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { AppError } from "../../errors";

/**
 * The user's own project of this id (none asked, none returned). The tenant-scoped foreign keys would refuse
 * another user's or an unknown id anyway, but as a 500: checked first, the caller gets the French 400.
 */
export async function ownProject(tx: Tx, userId: string, projectId: string | null | undefined) {
  if (!projectId) return undefined;
  const [project] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  if (!project)
    throw new AppError("validation_failed", "Projet introuvable.", [
      { path: "projectId", message: "Projet introuvable." },
    ]);
  return project;
}
