import { paths } from "../../paths";
import type { AnalysisFigures, BusinessAction } from "../../schemas/analysis";
import { countOf, euros } from "./text";

type Rule = {
  /** The insights and findings (by id) this action answers. */
  answers: string[];
  applies: (figures: AnalysisFigures, triggers: ReadonlySet<string>) => boolean;
  build: (figures: AnalysisFigures) => BusinessAction;
};

const whenTriggered = (id: string) => (_: AnalysisFigures, triggers: ReadonlySet<string>) => triggers.has(id);

const rules: Rule[] = [
  {
    // Housekeeping, offered to autonomous-ai-execute: it answers no insight of its own.
    answers: [],
    applies: (f) => f.overdueCount > 0,
    build: (f) => ({
      id: "mark_overdue",
      type: "update",
      title: "Passer les factures échues en « en retard »",
      description: `Met à jour le statut enregistré ${f.overdueCount > 1 ? `des ${countOf(f.overdueCount, "facture")}` : "de la facture"} dont l'échéance est passée, pour vos exports et vos filtres.`,
      impact: "low",
      effort: "low",
      estimatedValueCents: null,
      // A status update of the user's own invoices: nothing leaves, nothing is created or deleted.
      automated: true,
      requiresConfirmation: false,
      executionPlan: [
        "Trouver les factures émises dont l'échéance est passée",
        "Enregistrer leur statut « en retard »",
      ],
      href: null,
    }),
  },
  {
    answers: ["overdue_invoices", "many_overdue", "slow_collection", "cash_ratio", "cash_shortfall"],
    applies: (f) => f.overdueCount > 0,
    build: (f) => ({
      id: "remind_overdue",
      type: "send",
      title: `Relancer ${f.overdueCount > 1 ? `les ${countOf(f.overdueCount, "facture")}` : "la facture"} en retard`,
      description: `Un rappel courtois, facture jointe, pour récupérer ${euros(f.overdueCents)}.`,
      impact: f.overdueCount > 3 ? "high" : "medium",
      effort: "low",
      estimatedValueCents: f.overdueCents,
      automated: true,
      // An e-mail leaves in the user's name: never without their yes.
      requiresConfirmation: true,
      executionPlan: [
        "Lister les factures dont l'échéance est passée",
        "Préparer pour chaque client un rappel avec la facture en pièce jointe",
        "Envoyer après votre confirmation",
      ],
      href: `${paths.app.invoices.list}?statut=en-retard`,
    }),
  },
  {
    answers: ["slow_collection", "cash_ratio"],
    applies: whenTriggered("slow_collection"),
    build: () => ({
      id: "ask_deposits",
      type: "review",
      title: "Demander un acompte sur vos prochains devis",
      description: "Un acompte de 30 % à la signature réduit l'argent que vous avancez à vos clients.",
      impact: "medium",
      effort: "low",
      estimatedValueCents: null,
      automated: false,
      requiresConfirmation: false,
      executionPlan: ["Ouvrir vos devis", "Ajouter une ligne d'acompte aux conditions de paiement"],
      href: paths.app.quotes.list,
    }),
  },
  {
    answers: ["cash_shortfall", "revenue_decline"],
    applies: (_, triggers) => triggers.has("cash_shortfall") || triggers.has("revenue_decline"),
    build: () => ({
      id: "issue_invoices",
      type: "create",
      title: "Facturer le travail déjà réalisé",
      description: "Chaque prestation livrée et non facturée retarde d'autant votre prochain encaissement.",
      impact: "high",
      effort: "medium",
      estimatedValueCents: null,
      automated: false,
      requiresConfirmation: false,
      executionPlan: ["Passer en revue vos projets en cours", "Créer les factures des prestations livrées"],
      href: paths.app.invoices.new,
    }),
  },
  {
    answers: ["high_expenses"],
    applies: whenTriggered("high_expenses"),
    build: (f) => ({
      id: "review_expenses",
      type: "review",
      title: "Passer vos dépenses en revue",
      description: `${euros(f.yearExpensesCents)} dépensés sur 12 mois : repérez les abonnements et achats à réduire.`,
      impact: "medium",
      effort: "medium",
      estimatedValueCents: null,
      automated: false,
      requiresConfirmation: false,
      executionPlan: ["Trier vos dépenses par catégorie", "Identifier les postes récurrents à réduire"],
      href: paths.app.expenses.list,
    }),
  },
  {
    answers: ["no_active_project"],
    applies: (f) => f.activeProjects === 0,
    build: () => ({
      id: "create_project",
      type: "create",
      title: "Créer un projet pour votre prochaine mission",
      description: "Suivre vos missions en cours vous aide à facturer au bon moment.",
      impact: "medium",
      effort: "low",
      estimatedValueCents: null,
      automated: false,
      requiresConfirmation: false,
      executionPlan: ["Ouvrir les projets", "Créer le projet et le rattacher à son client"],
      href: paths.app.projects.new,
    }),
  },
  {
    answers: ["busy_projects"],
    applies: whenTriggered("busy_projects"),
    build: (f) => ({
      id: "invoice_progress",
      type: "create",
      title: "Facturer l'avancement de vos projets",
      description: `${countOf(f.activeProjects, "projet actif", "projets actifs")} : une facture intermédiaire par projet lisse votre trésorerie.`,
      impact: "medium",
      effort: "medium",
      estimatedValueCents: null,
      automated: false,
      requiresConfirmation: false,
      executionPlan: ["Ouvrir chaque projet actif", "Facturer la part déjà réalisée"],
      href: paths.app.projects.list,
    }),
  },
  {
    answers: ["low_value_clients"],
    applies: whenTriggered("low_value_clients"),
    build: () => ({
      id: "raise_rates",
      type: "review",
      title: "Revoir vos tarifs ou proposer des forfaits",
      description: "Regrouper de petites missions en forfaits augmente la valeur de chaque client.",
      impact: "medium",
      effort: "high",
      estimatedValueCents: null,
      automated: false,
      requiresConfirmation: false,
      executionPlan: [
        "Comparer vos tarifs à votre temps passé",
        "Proposer un forfait à vos clients réguliers",
      ],
      href: paths.app.clients.list,
    }),
  },
];

const impactRank = { high: 0, medium: 1, low: 2 } as const;

/**
 * The actions that answer today's findings, highest impact first, and for each trigger (insight or
 * finding id) the ids of the actions that answer it.
 */
export function actionsFor(figures: AnalysisFigures, triggers: ReadonlySet<string>) {
  const built = rules
    .filter((rule) => rule.applies(figures, triggers))
    .map((rule) => ({ answers: rule.answers, action: rule.build(figures) }))
    .sort((a, b) => impactRank[a.action.impact] - impactRank[b.action.impact]);
  return {
    actions: built.map(({ action }) => action),
    answering: (trigger: string) =>
      built.filter(({ answers }) => answers.includes(trigger)).map(({ action }) => action.id),
  };
}

/**
 * Spec §9: "Autonomous actions run only when automated and the impact is high, or the type is update."
 * An action that requires confirmation never runs by itself, whatever that rule says: nothing sends,
 * deletes or pays without the user's explicit yes (architecture, security model).
 */
export function canRunAutonomously(
  action: Pick<BusinessAction, "automated" | "impact" | "type" | "requiresConfirmation">,
): boolean {
  if (action.requiresConfirmation) return false;
  return (action.automated && action.impact === "high") || action.type === "update";
}
