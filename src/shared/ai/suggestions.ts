/**
 * What the assistant proposes to do next (spec §2 smart actions, suggestion banner and cards; §9
 * "Suggestions"): contextual actions for the dashboard and the projects page, time-of-day suggestions, and
 * the relevance score that picks the top three.
 *
 * One shape serves the panel, the banner and the cards: the spec's contextual action, with its priority out
 * of 10. The cards' Urgent / Important / Optionnel badge is read from that priority (see priorityLevel), so
 * a "high" suggestion and a banner item (priority ≥ 8) are the same thing.
 */

import { paths } from "@shared/paths";

export type ActionCategory = "create" | "analyze" | "optimize" | "suggest" | "time";

/** A lucide-react icon name; the client maps each to its component. */
export type ActionIconName =
  | "BellRing"
  | "FilePlus"
  | "TrendingUp"
  | "ChartColumn"
  | "PiggyBank"
  | "Send"
  | "FolderPlus"
  | "ListChecks"
  | "Receipt"
  | "ArrowUpDown"
  | "Sunrise"
  | "Sunset";

export type ContextualAction = {
  id: string;
  title: string;
  description: string;
  /** A French command the chat sends as if the user had typed it. */
  prompt: string;
  category: ActionCategory;
  icon: ActionIconName;
  /** Out of 10. */
  priority: number;
};

export type ScoredSuggestion = ContextualAction & {
  /** From 0 to 1. */
  relevance: number;
};

/** Before noon, from noon to 17h, from 17h (spec §9 "morning before noon", "after 17h"). */
export type Moment = "morning" | "afternoon" | "evening";

type CatalogueEntry = ContextualAction & {
  /** The pages where it is offered; absent for a time suggestion, offered everywhere during its moments. */
  routes?: readonly string[];
  /** Moments when it earns the time-of-day bonus; a time suggestion is offered only then. */
  moments: readonly Moment[];
  /** Days (0 = Sunday, as Date.getDay) when it earns the weekday bonus. */
  weekdays: readonly number[];
};

const MONDAY = 1;
const FRIDAY = 5;
const DASHBOARD = [paths.app.dashboard];
const PROJECTS = [paths.app.projects.list];

const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: "dashboard-overdue-invoices",
    title: "Relancer les factures en retard",
    description: "Repérer les factures impayées après échéance et préparer les relances.",
    prompt: "Analyse mes factures en retard et prépare les relances",
    category: "optimize",
    icon: "BellRing",
    priority: 9,
    routes: DASHBOARD,
    moments: ["morning"],
    weekdays: [MONDAY],
  },
  {
    id: "dashboard-create-invoice",
    title: "Créer une facture",
    description: "Décrire la prestation et le client en une phrase, l'assistant prépare le brouillon.",
    prompt: "Je veux créer une nouvelle facture",
    category: "create",
    icon: "FilePlus",
    priority: 8,
    routes: DASHBOARD,
    moments: [],
    weekdays: [],
  },
  {
    id: "dashboard-cash-flow",
    title: "Analyser ma trésorerie",
    description: "Encaissements attendus, retards de paiement et prévision du mois.",
    prompt: "Analyse ma trésorerie et prévois mes encaissements du mois",
    category: "analyze",
    icon: "TrendingUp",
    priority: 8,
    routes: DASHBOARD,
    moments: ["afternoon"],
    weekdays: [],
  },
  {
    id: "dashboard-financial-report",
    title: "Rapport financier du mois",
    description: "Chiffre d'affaires, dépenses et marge du mois en cours.",
    prompt: "Génère mon rapport financier du mois",
    category: "analyze",
    icon: "ChartColumn",
    priority: 7,
    routes: DASHBOARD,
    moments: ["afternoon", "evening"],
    weekdays: [FRIDAY],
  },
  {
    id: "dashboard-pending-quotes",
    title: "Relancer les devis en attente",
    description: "Les devis envoyés restés sans réponse méritent un rappel.",
    prompt: "Quels devis en attente dois-je relancer ?",
    category: "suggest",
    icon: "Send",
    priority: 7,
    routes: DASHBOARD,
    moments: ["morning"],
    weekdays: [],
  },
  {
    id: "dashboard-reduce-expenses",
    title: "Optimiser mes dépenses",
    description: "Repérer les postes de dépenses à réduire.",
    prompt: "Analyse mes dépenses et propose des économies",
    category: "optimize",
    icon: "PiggyBank",
    priority: 6,
    routes: DASHBOARD,
    moments: [],
    weekdays: [],
  },
  {
    id: "projects-create",
    title: "Créer un projet",
    description: "Donner le nom du projet et le client, l'assistant le crée.",
    prompt: "Je veux créer un nouveau projet",
    category: "create",
    icon: "FolderPlus",
    priority: 8,
    routes: PROJECTS,
    moments: [],
    weekdays: [],
  },
  {
    id: "projects-invoice-finished",
    title: "Facturer les projets terminés",
    description: "Repérer les projets terminés qui n'ont pas encore été facturés.",
    prompt: "Quels projets terminés n'ai-je pas encore facturés ?",
    category: "suggest",
    icon: "Receipt",
    priority: 8,
    routes: PROJECTS,
    moments: ["afternoon", "evening"],
    weekdays: [FRIDAY],
  },
  {
    id: "projects-review",
    title: "Faire le point sur mes projets",
    description: "Avancement des projets actifs et prochaines étapes.",
    prompt: "Fais le point sur mes projets en cours",
    category: "analyze",
    icon: "ListChecks",
    priority: 7,
    routes: PROJECTS,
    moments: ["morning"],
    weekdays: [MONDAY],
  },
  {
    id: "projects-prioritize",
    title: "Prioriser mes projets",
    description: "Ordonner les projets selon leurs échéances et leur valeur.",
    prompt: "Aide-moi à prioriser mes projets de la semaine",
    category: "optimize",
    icon: "ArrowUpDown",
    priority: 6,
    routes: PROJECTS,
    moments: ["morning"],
    weekdays: [MONDAY],
  },
  {
    id: "time-plan-day",
    title: "Planifier ma journée",
    description: "Les relances, échéances et tâches du jour, dans l'ordre.",
    prompt: "Aide-moi à planifier ma journée",
    category: "time",
    icon: "Sunrise",
    priority: 7,
    moments: ["morning"],
    weekdays: [MONDAY],
  },
  {
    id: "time-summarize-day",
    title: "Résumer ma journée",
    description: "Ce qui a été facturé, encaissé et créé aujourd'hui.",
    prompt: "Résume ma journée",
    category: "time",
    icon: "Sunset",
    priority: 7,
    moments: ["evening"],
    weekdays: [FRIDAY],
  },
];

/**
 * Relevance, in points out of 100 so the sums stay exact: the priority gives the base (priority × 5, so
 * at most 50), then +30 on the action's page, +20 at its moment of the day, +10 on its weekday; an action
 * used recently is halved. Capped at 100; only scores above 30 are shown.
 */
export const RELEVANCE_POINTS = {
  perPriorityPoint: 5,
  routeBonus: 30,
  momentBonus: 20,
  weekdayBonus: 10,
  recentlyUsedFactor: 0.5,
  threshold: 30,
  max: 100,
} as const;

/** Spec §9: the top 3 are shown. */
export const SUGGESTION_COUNT = 3;

export function momentOf(now: Date): Moment {
  const hour = now.getHours();
  if (hour < 12) return "morning";
  return hour < 17 ? "afternoon" : "evening";
}

/** "/app/dashboard/" and "/app" are the same page (the router redirects the alias); the query is ignored. */
export function normalizeRoute(route: string): string {
  const path = route.split(/[?#]/)[0] ?? "";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed === paths.app.dashboardAlias ? paths.app.dashboard : trimmed;
}

const toAction = ({ routes: _routes, moments: _moments, weekdays: _weekdays, ...action }: CatalogueEntry) =>
  action;

/** The contextual actions of a page; spec §2 defines some only for the dashboard and the projects page. */
export function contextualActionsFor(route: string): ContextualAction[] {
  const page = normalizeRoute(route);
  return CATALOGUE.filter((entry) => entry.routes?.includes(page)).map(toAction);
}

/** "Suggestions du moment": plan the day before noon, summarise it from 17h, nothing in between. */
export function timeSuggestionsFor(now: Date): ContextualAction[] {
  const moment = momentOf(now);
  return CATALOGUE.filter((entry) => entry.category === "time" && entry.moments.includes(moment)).map(
    toAction,
  );
}

export type SuggestionContext = {
  route: string;
  now: Date;
  /** Ids of the actions the user ran lately. */
  recentlyUsed?: readonly string[];
  /** Ids the user closed: left out before the top 3 is taken, so the next one moves up. */
  dismissed?: readonly string[];
};

function scoreOf(entry: CatalogueEntry, page: string, context: SuggestionContext): number {
  const points = RELEVANCE_POINTS;
  let score = entry.priority * points.perPriorityPoint;
  if (entry.routes?.includes(page)) score += points.routeBonus;
  if (entry.moments.includes(momentOf(context.now))) score += points.momentBonus;
  if (entry.weekdays.includes(context.now.getDay())) score += points.weekdayBonus;
  if (context.recentlyUsed?.includes(entry.id)) score *= points.recentlyUsedFactor;
  return Math.min(score, points.max);
}

/** Every action offered here and now that passes the threshold, most relevant first. */
export function rankSuggestions(context: SuggestionContext): ScoredSuggestion[] {
  const page = normalizeRoute(context.route);
  const moment = momentOf(context.now);
  const offered = CATALOGUE.filter(
    (entry) =>
      (entry.routes ? entry.routes.includes(page) : entry.moments.includes(moment)) &&
      !context.dismissed?.includes(entry.id),
  );
  return offered
    .map((entry) => ({ entry, score: scoreOf(entry, page, context) }))
    .filter(({ score }) => score > RELEVANCE_POINTS.threshold)
    .sort((a, b) => b.score - a.score || b.entry.priority - a.entry.priority) // stable: catalogue order last
    .map(({ entry, score }) => ({ ...toAction(entry), relevance: score / RELEVANCE_POINTS.max }));
}

/** The suggestions shown (spec §9): the three most relevant. */
export function suggestionsFor(context: SuggestionContext): ScoredSuggestion[] {
  return rankSuggestions(context).slice(0, SUGGESTION_COUNT);
}

/** Spec §2: the banner shows up to 3 items with priority at least 8. */
export const BANNER_MIN_PRIORITY = 8;

export function bannerItems<T extends ContextualAction>(actions: readonly T[]): T[] {
  return actions.filter((action) => action.priority >= BANNER_MIN_PRIORITY).slice(0, SUGGESTION_COUNT);
}

export type PriorityLevel = "high" | "medium" | "low";

/** 8–10 is high, the banner's threshold; 5–7 medium; below 5 low. */
export function priorityLevel(priority: number): PriorityLevel {
  if (priority >= BANNER_MIN_PRIORITY) return "high";
  return priority >= 5 ? "medium" : "low";
}

export const PRIORITY_LABELS: Record<PriorityLevel, string> = {
  high: "Urgent",
  medium: "Important",
  low: "Optionnel",
};

export const CATEGORY_LABELS: Record<ActionCategory, string> = {
  create: "Création",
  analyze: "Analyse",
  optimize: "Optimisation",
  suggest: "Conseils",
  time: "Organisation",
};

const CATEGORY_ORDER: readonly ActionCategory[] = ["create", "analyze", "optimize", "suggest", "time"];

export type ActionGroup<T extends ContextualAction> = { category: ActionCategory; actions: T[] };

/** The side panel's sections, in a fixed order, without the empty ones. */
export function groupByCategory<T extends ContextualAction>(actions: readonly T[]): ActionGroup<T>[] {
  return CATEGORY_ORDER.map((category) => ({
    category,
    actions: actions.filter((action) => action.category === category),
  })).filter((group) => group.actions.length > 0);
}
