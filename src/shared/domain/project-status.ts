// A project's statuses and their French labels: the schemas validate them, and the command palette shows
// them without loading zod (issue 15).
// The same values as the database CHECK (server/db/schema/projects.ts); shared code cannot import it.
export const projectStatuses = ["en-cours", "active", "en-pause", "terminé"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectStatusLabels: Record<ProjectStatus, string> = {
  "en-cours": "En cours",
  active: "Active",
  "en-pause": "En pause",
  terminé: "Terminé",
};
