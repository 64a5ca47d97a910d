import type { AnalysisFigures, Finding } from "../../schemas/analysis";
import { CASH_RATIO, isCashRatioOver } from "./cash-ratio";
import { countOf, decimal, euros, percent } from "./text";

/** Spec §9 "Risks" and "Opportunities" thresholds (money in cents). */
export const FINDING_THRESHOLDS = {
  /** Risk: more than 3 overdue. */
  overdueRiskOver: 3,
  /** Risk: expenses over 80 % of revenue. */
  expensesShareOver: 0.8,
  /** Opportunity: more than 5 clients… */
  clientsOver: 5,
  /** …whose average revenue is under 1000 €. */
  averageRevenuePerClientUnderCents: 100_000,
  /** Opportunity: more than 3 active projects. */
  activeProjectsOver: 3,
  /** Opportunity: no overdue and pending over 5000 €. */
  pendingOverCents: 500_000,
} as const;

type Rule = { applies: (f: AnalysisFigures) => boolean; finding: (f: AnalysisFigures) => Finding };

/** How much waits to be paid, told against the monthly revenue. */
export function cashRatioText(f: AnalysisFigures): string {
  if (f.cashRatio === null || !Number.isFinite(f.cashRatio))
    return `${euros(f.pendingCents)} attendent d'être payés et rien n'a été encaissé depuis 30 jours.`;
  return `${euros(f.pendingCents)} attendent d'être payés, soit ${decimal(f.cashRatio)} mois d'encaissements.`;
}

const riskRules: Rule[] = [
  {
    applies: (f) => f.overdueCount > FINDING_THRESHOLDS.overdueRiskOver,
    finding: (f) => ({
      id: "overdue_invoices",
      title: `${countOf(f.overdueCount, "facture")} en retard`,
      description: `${euros(f.overdueCents)} auraient déjà dû être payés : plus une relance tarde, plus le paiement devient incertain.`,
      estimatedValueCents: f.overdueCents,
    }),
  },
  {
    applies: (f) => isCashRatioOver(f.cashRatio, CASH_RATIO.riskOver),
    finding: (f) => ({
      id: "slow_collection",
      title: "Encaissements lents",
      description: `${cashRatioText(f)} Votre trésorerie dépend de paiements qui tardent.`,
      estimatedValueCents: f.pendingCents,
    }),
  },
  {
    // Integer arithmetic: expenses > 80 % of revenue ⇔ 5 × expenses > 4 × revenue.
    applies: (f) => f.yearExpensesCents * 5 > f.yearRevenueCents * 4,
    finding: (f) => ({
      id: "high_expenses",
      title: "Dépenses élevées",
      description:
        f.yearRevenueCents > 0
          ? `Vos dépenses (${euros(f.yearExpensesCents)}) représentent ${percent((100 * f.yearExpensesCents) / f.yearRevenueCents)} de vos encaissements sur 12 mois.`
          : `Vos dépenses (${euros(f.yearExpensesCents)}) sur 12 mois ne sont couvertes par aucun encaissement.`,
      estimatedValueCents: f.yearExpensesCents,
    }),
  },
  {
    applies: (f) => f.activeProjects === 0,
    finding: () => ({
      id: "no_active_project",
      title: "Aucun projet actif",
      description: "Sans projet en cours, vos prochains encaissements ne sont pas assurés.",
      estimatedValueCents: null,
    }),
  },
];

const opportunityRules: Rule[] = [
  {
    applies: (f) =>
      f.clientsCount > FINDING_THRESHOLDS.clientsOver &&
      f.averageRevenuePerClientCents !== null &&
      f.averageRevenuePerClientCents < FINDING_THRESHOLDS.averageRevenuePerClientUnderCents,
    finding: (f) => ({
      id: "low_value_clients",
      title: "Augmenter la valeur par client",
      description: `${countOf(f.clientsCount, "client")} pour ${euros(f.averageRevenuePerClientCents ?? 0)} encaissés en moyenne sur 12 mois : un forfait ou une révision de vos tarifs ferait progresser chaque mission.`,
      estimatedValueCents: null,
    }),
  },
  {
    applies: (f) => f.activeProjects > FINDING_THRESHOLDS.activeProjectsOver,
    finding: (f) => ({
      id: "busy_projects",
      title: "Activité soutenue",
      description: `${countOf(f.activeProjects, "projet actif", "projets actifs")} : facturez leur avancement ou des acomptes pour lisser votre trésorerie.`,
      estimatedValueCents: null,
    }),
  },
  {
    applies: (f) => f.overdueCount === 0 && f.pendingCents > FINDING_THRESHOLDS.pendingOverCents,
    finding: (f) => ({
      id: "healthy_receivables",
      title: "Encaissements à venir solides",
      description: `${euros(f.pendingCents)} à encaisser et aucun retard : le bon moment pour planifier un investissement ou constituer une réserve.`,
      estimatedValueCents: f.pendingCents,
    }),
  },
];

const findingsOf = (rules: Rule[], figures: AnalysisFigures) =>
  rules.filter((rule) => rule.applies(figures)).map((rule) => rule.finding(figures));

/** Spec §9 "Risks", in its order. */
export const risksOf = (figures: AnalysisFigures) => findingsOf(riskRules, figures);

/** Spec §9 "Opportunities", in its order. */
export const opportunitiesOf = (figures: AnalysisFigures) => findingsOf(opportunityRules, figures);
