import { paths } from "@shared/paths";

/**
 * The area of the app the user is working in (spec §2). The assistant receives it as context and
 * Ctrl/Cmd+N creates an item of that kind.
 */
export const sections = [
  "projects",
  "quotes",
  "clients",
  "profile",
  "invoices",
  "expenses",
  "automations",
  "contracts",
] as const;
export type Section = (typeof sections)[number];

export const DEFAULT_SECTION: Section = "projects";

export const sectionLabels: Record<Section, string> = {
  projects: "Projets",
  quotes: "Devis",
  clients: "Clients",
  profile: "Profil",
  invoices: "Factures",
  expenses: "Dépenses",
  automations: "Automatisations",
  contracts: "Contrats",
};

const sectionRoots: Record<Section, string> = {
  projects: paths.app.projects.list,
  quotes: paths.app.quotes.list,
  clients: paths.app.clients.list,
  profile: paths.app.profile,
  invoices: paths.app.invoices.list,
  expenses: paths.app.expenses.list,
  automations: paths.app.automations,
  contracts: paths.app.contracts.list,
};

/**
 * Matches whole path segments, so /app/quotes/edit/1 is "quotes" but a future /app/quotes-archive is
 * not; every other screen (dashboard, CRM, settings…) falls back to projects as the spec says.
 */
export function sectionFromPath(pathname: string): Section {
  const path = pathname.replace(/\/+$/, "");
  for (const section of sections) {
    const root = sectionRoots[section];
    if (path === root || path.startsWith(`${root}/`)) return section;
  }
  return DEFAULT_SECTION;
}
