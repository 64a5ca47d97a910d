import { paths } from "@shared/paths";
import {
  BookOpen,
  Contact,
  FilePenLine,
  FileText,
  FolderKanban,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  ReceiptEuro,
  Settings,
  Sparkles,
  User,
  Users,
  Wallet,
  Workflow,
} from "lucide-react";

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on the path itself (the dashboard), not on the pages below it. */
  isExact?: boolean;
  /** Extra words the command palette matches (synonyms, English). */
  keywords?: string[];
};

/** Spec §2, in this order, its English labels put in French (issue 10). */
export const mainNavItems: NavItem[] = [
  {
    label: "Tableau de bord",
    to: paths.app.dashboard,
    icon: LayoutDashboard,
    isExact: true,
    keywords: ["accueil", "dashboard"],
  },
  { label: "Projets", to: paths.app.projects.list, icon: FolderKanban, keywords: ["projects"] },
  { label: "Clients", to: paths.app.clients.list, icon: Users, keywords: ["customers"] },
  { label: "Devis", to: paths.app.quotes.list, icon: FileText, keywords: ["quotes", "proposition"] },
  {
    label: "Factures",
    to: paths.app.invoices.list,
    icon: ReceiptEuro,
    keywords: ["invoices", "facturation"],
  },
  { label: "Contrats", to: paths.app.contracts.list, icon: FilePenLine, keywords: ["contracts"] },
  {
    label: "Dépenses",
    to: paths.app.expenses.list,
    icon: Wallet,
    keywords: ["depenses", "expenses", "frais"],
  },
  {
    label: "Assistant IA",
    to: paths.app.agent.home,
    icon: Sparkles,
    keywords: ["ia", "ai", "agent", "chat", "discussion"],
  },
  {
    label: "Intégrations",
    to: paths.app.integrations,
    icon: Plug,
    keywords: ["integrations", "connecteurs"],
  },
];

export const footerNavItems: NavItem[] = [
  {
    label: "Paramètres",
    to: paths.app.settings,
    icon: Settings,
    keywords: ["parametres", "settings", "réglages"],
  },
];

/** Pages reached from the user menu or shortcuts rather than the sidebar; the command palette lists them. */
export const otherPages: NavItem[] = [
  { label: "Profil", to: paths.app.profile, icon: User, keywords: ["compte", "profile"] },
  { label: "CRM", to: paths.app.crm, icon: Contact, keywords: ["prospects", "relation client"] },
  {
    label: "Déclaration URSSAF",
    to: paths.app.urssaf,
    icon: Landmark,
    keywords: ["urssaf", "cotisations", "chiffre d'affaires", "micro-entreprise"],
  },
  {
    label: "Livres",
    to: paths.app.books,
    icon: BookOpen,
    keywords: ["livre des recettes", "registre des achats", "comptabilité"],
  },
  {
    label: "Automatisations",
    to: paths.app.automations,
    icon: Workflow,
    keywords: ["automations", "relances"],
  },
];

export function isNavItemActive(pathname: string, item: Pick<NavItem, "to" | "isExact">): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (item.isExact) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/**
 * The name of the page the user is on, as the sidebar and the palette say it (the assistant's context chip);
 * null on a page none of them lists, where no name is better than a wrong one (issue 31 item 19).
 */
export function pageLabelFromPath(pathname: string): string | null {
  const items = [...mainNavItems, ...footerNavItems, ...otherPages];
  return items.find((item) => isNavItemActive(pathname, item))?.label ?? null;
}
