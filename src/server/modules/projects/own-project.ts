import { and, eq } from "drizzle-orm";
import { projects } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { AppError } from "../../errors";

/**
 * The user's own project of this id (none asked, none returned). The projects table's foreign keys are not
 * tenant-scoped, so a project id sent by a caller must be checked as the user's own.
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
