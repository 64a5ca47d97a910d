import type { AnalysisFigures, ScoreFactor } from "../../schemas/analysis";
import { CASH_RATIO } from "./cash-ratio";
import { euros } from "./text";

export const HEALTH_SCORE_START = 70;
/** Spec §9: "+15 if monthly revenue is over 3000" (euros). */
export const HIGH_MONTHLY_REVENUE_CENTS = 300_000;
/** Spec §9: "-25 if more than 5 are overdue". */
export const MANY_OVERDUE = 5;

type Rule = {
  id: string;
  points: number;
  label: string;
  applies: (figures: AnalysisFigures) => boolean;
};

/** Spec §9 "Health score", in its order. */
const rules: Rule[] = [
  {
    id: "high_revenue",
    points: 15,
    label: `Plus de ${euros(HIGH_MONTHLY_REVENUE_CENTS)} encaissés sur 30 jours`,
    applies: (f) => f.monthlyRevenueCents > HIGH_MONTHLY_REVENUE_CENTS,
  },
  {
    id: "no_overdue",
    points: 10,
    label: "Aucune facture en retard",
    applies: (f) => f.overdueCount === 0,
  },
  {
    id: "has_active_projects",
    points: 10,
    label: "Des projets en cours",
    applies: (f) => f.activeProjects > 0,
  },
  {
    id: "fast_collection",
    points: 5,
    label: "Factures en attente inférieures à la moitié d'un mois d'encaissements",
    applies: (f) => f.cashRatio !== null && f.cashRatio < CASH_RATIO.bonusUnder,
  },
  {
    id: "many_overdue",
    points: -25,
    label: `Plus de ${MANY_OVERDUE} factures en retard`,
    applies: (f) => f.overdueCount > MANY_OVERDUE,
  },
  {
    id: "no_active_project",
    points: -20,
    label: "Aucun projet actif",
    applies: (f) => f.activeProjects === 0,
  },
  {
    id: "no_revenue",
    points: -30,
    label: "Aucun encaissement sur 30 jours",
    applies: (f) => f.monthlyRevenueCents <= 0,
  },
];

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** Spec §9: starts at 70, each rule adds or removes its points, clamped to 0–100. */
export function healthScore(figures: AnalysisFigures): { score: number; factors: ScoreFactor[] } {
  const factors = rules
    .filter((rule) => rule.applies(figures))
    .map(({ id, label, points }) => ({ id, label, points }));
  const score = clamp(factors.reduce((total, factor) => total + factor.points, HEALTH_SCORE_START));
  return { score, factors };
}
