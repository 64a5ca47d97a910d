import { formatDate, formatMoney } from "../format";
import type { VatRegime } from "./legal-identity";
import { isSalesActivity, type UrssafActivity } from "./urssaf";

/**
 * The yearly turnover thresholds a micro-entrepreneur watches, in cents, by the year they apply to. The one
 * place they are written: modele-social carries the micro ceilings (a unit test checks these against it) but
 * not the VAT franchise thresholds (art. 293 B du CGI, loi de finances pour 2025).
 * - micro: the micro-entreprise ceiling (art. 50-0 and 102 ter du CGI);
 * - vatBase: above it over the year, the VAT franchise ends on 1 January of the next year;
 * - vatMajor: above it, VAT is due from the day it is crossed.
 */
export const TURNOVER_THRESHOLDS = [
  {
    from: "2025-01-01",
    sales: { micro: 188_700_00, vatBase: 85_000_00, vatMajor: 93_500_00 },
    services: { micro: 77_700_00, vatBase: 37_500_00, vatMajor: 41_250_00 },
  },
  {
    from: "2026-01-01",
    sales: { micro: 203_100_00, vatBase: 85_000_00, vatMajor: 93_500_00 },
    services: { micro: 83_600_00, vatBase: 37_500_00, vatMajor: 41_250_00 },
  },
] as const;

/** An alert is raised from this share of a threshold, a sharper one from the second (the bell, issue 28). */
export const THRESHOLD_WARNING_RATIO = 0.8;
export const THRESHOLD_URGENT_RATIO = 0.95;

export type ThresholdKind = "micro" | "vatBase" | "vatMajor";
export type ThresholdStatus = {
  kind: ThresholdKind;
  label: string;
  limitCents: number;
  /** Turnover of the year over the limit, 0 to 1 and above. */
  ratio: number;
  level: "ok" | "approche" | "dépassé";
  /** What it means for the user, only when level is not ok. */
  message: string | null;
  /** The warning step reached below the limit: 80 or 95 (%), null below 80 % or once passed. */
  warningPercent: 80 | 95 | null;
};

const LABELS: Record<ThresholdKind, string> = {
  micro: "Plafond du régime micro-entreprise",
  vatBase: "Seuil de la franchise en base de TVA",
  vatMajor: "Seuil majoré de la franchise en base de TVA",
};

const MESSAGES: Record<ThresholdKind, { approche: string; dépassé: string }> = {
  micro: {
    approche: "Vous approchez du plafond du régime micro-entreprise.",
    dépassé:
      "Plafond dépassé : si cela se répète deux années de suite, vous sortez du régime micro-entreprise.",
  },
  vatBase: {
    approche: "Vous approchez du seuil de la franchise en base de TVA.",
    dépassé:
      "Seuil dépassé : vous facturerez la TVA à partir du 1er janvier prochain (sauf si le seuil majoré est dépassé avant).",
  },
  vatMajor: {
    approche: "Vous approchez du seuil majoré de la franchise en base de TVA.",
    dépassé: "Seuil majoré dépassé : la TVA est due dès le jour du dépassement. Facturez-la dès maintenant.",
  },
};

/** The thresholds in force in `year`: the latest row that started on or before it. */
export function thresholdsFor(year: number) {
  const rows = TURNOVER_THRESHOLDS.filter((row) => Number(row.from.slice(0, 4)) <= year);
  const row = rows.at(-1);
  if (!row) throw new RangeError(`no turnover thresholds for ${year}`);
  return row;
}

/** Where the year's turnover stands against each threshold of the activity. */
export function thresholdStatuses({
  activity,
  vatRegime,
  year,
  turnoverCents,
}: {
  activity: UrssafActivity;
  vatRegime: VatRegime;
  year: number;
  turnoverCents: number;
}): ThresholdStatus[] {
  const limits = thresholdsFor(year)[isSalesActivity(activity) ? "sales" : "services"];
  // The franchise thresholds only concern a seller still under the franchise: a VAT-registered one charges
  // VAT already, whatever the turnover.
  const kinds =
    vatRegime === "franchise" ? (["micro", "vatBase", "vatMajor"] as const) : (["micro"] as const);
  return kinds.map((kind) => {
    const limitCents = limits[kind];
    const ratio = turnoverCents / limitCents;
    const level =
      turnoverCents > limitCents ? "dépassé" : ratio >= THRESHOLD_WARNING_RATIO ? "approche" : "ok";
    return {
      kind,
      label: LABELS[kind],
      limitCents,
      ratio,
      level,
      message: level === "ok" ? null : MESSAGES[kind][level],
      warningPercent:
        level !== "approche" ? null : ratio >= THRESHOLD_URGENT_RATIO ? (95 as const) : (80 as const),
    };
  });
}

/** Why the VAT franchise ended: the seuil majoré crossed this year, or the seuil de base over last year. */
export const franchiseEndReasons = ["seuil-majore", "seuil-base"] as const;
export type FranchiseEndReason = (typeof franchiseEndReasons)[number];
export type FranchiseEnd = { on: string; reason: FranchiseEndReason; limitCents: number };

const limitsOf = (activity: UrssafActivity, year: number) =>
  thresholdsFor(year)[isSalesActivity(activity) ? "sales" : "services"];

/**
 * When the franchise en base ends for a seller under it (art. 293 B du CGI, loi de finances pour 2025), or
 * null: from 1 January when last year's cashed turnover passed the seuil de base, else from the day this
 * year's passes the seuil majoré. `receiptsByDay`: this year's receipts, one sum per day, in date order.
 */
export function franchiseEndOf({
  activity,
  year,
  receiptsByDay,
  lastYearCents,
}: {
  activity: UrssafActivity;
  year: number;
  receiptsByDay: readonly { day: string; cents: number }[];
  lastYearCents: number;
}): FranchiseEnd | null {
  const lastYearFirst = Number(TURNOVER_THRESHOLDS[0].from.slice(0, 4));
  if (year - 1 >= lastYearFirst) {
    const { vatBase } = limitsOf(activity, year - 1);
    if (lastYearCents > vatBase) return { on: `${year}-01-01`, reason: "seuil-base", limitCents: vatBase };
  }
  const { vatMajor } = limitsOf(activity, year);
  let cashed = 0;
  for (const receipt of receiptsByDay) {
    cashed += receipt.cents;
    if (cashed > vatMajor) return { on: receipt.day, reason: "seuil-majore", limitCents: vatMajor };
  }
  return null;
}

/** The threshold an ended franchise passed: last year's seuil de base, or the year's seuil majoré. */
export function franchiseEndLimit(activity: UrssafActivity, on: string, reason: FranchiseEndReason): number {
  const year = Number(on.slice(0, 4));
  return reason === "seuil-base" ? limitsOf(activity, year - 1).vatBase : limitsOf(activity, year).vatMajor;
}

/** What changed and why, in French: the bell, the e-mail and the settings say it the same way. */
export function franchiseEndExplanation(
  end: Pick<FranchiseEnd, "reason" | "limitCents">,
  on: string,
): string {
  const why =
    end.reason === "seuil-majore"
      ? `vos encaissements de l'année ont dépassé le seuil majoré de ${formatMoney(end.limitCents)}`
      : `vos encaissements de l'an dernier ont dépassé le seuil de ${formatMoney(end.limitCents)}`;
  return `Votre franchise en base de TVA a pris fin le ${formatDate(on)} : ${why} (art. 293 B du CGI). Vos factures portent désormais la TVA : renseignez votre numéro de TVA intracommunautaire (demandez-le à votre service des impôts) et le taux de vos prestations.`;
}
