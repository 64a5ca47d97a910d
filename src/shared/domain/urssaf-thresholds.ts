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

/** An alert is raised from this share of a threshold. */
export const THRESHOLD_WARNING_RATIO = 0.8;

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
    };
  });
}
