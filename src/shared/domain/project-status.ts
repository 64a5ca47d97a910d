// A project's statuses and their French labels: the schemas validate them, and the command palette shows
// them without loading zod (issue 15).
// The same values as the database CHECK (server/db/schema/projects.ts); shared code cannot import it.
export const projectStatuses = ["en-cours", "active", "en-pause", "terminé"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/**
 * One word per state (issue 31 item 16). 'active' (set by the assistant) and 'en-cours' (set by hand) are
 * one state for the spec ("projects count as active when status is active or en-cours"; manual projects
 * default to en-cours), so both read « En cours » on every screen, in the assistant and in the exports.
 */
export const projectStatusLabels: Record<ProjectStatus, string> = {
  "en-cours": "En cours",
  active: "En cours",
  "en-pause": "En pause",
  terminé: "Terminé",
};

/** The statuses a user picks from (form, list filter): one per state, 'active' being en-cours's alias. */
export const projectStatusChoices = ["en-cours", "en-pause", "terminé"] as const satisfies ProjectStatus[];
