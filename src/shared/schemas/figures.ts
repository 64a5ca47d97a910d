import { z } from "zod";
import { expenseCategories } from "./expenses";
import { interpretationMetrics } from "./interpretation";

/**
 * The questions about one's own figures that the assistant answers exactly (issue 11): the offline engine,
 * the model's `get_figures` tool and the voice agent all ask through this one shape.
 */
/** The metrics are the interpreter's: a question it understands is one the engine answers. */
export const figureMetrics = interpretationMetrics;
export type FigureMetric = (typeof figureMetrics)[number];

const day = z.iso.date("Date invalide (AAAA-MM-JJ).");

export const figurePeriod = z.object({
  from: day.describe("Premier jour (AAAA-MM-JJ)"),
  to: day.describe("Dernier jour inclus (AAAA-MM-JJ)"),
  label: z.string().trim().min(1).max(60).describe("La période en français, ex. « en février 2026 »"),
});

export const figureQuery = z.object({
  metric: z.enum(figureMetrics, { error: "Indicateur inconnu." }),
  period: figurePeriod
    .optional()
    .describe("Période ; par défaut l'année en cours (ou les 30 prochains jours pour la prévision)"),
  client: z.string().trim().min(1).max(120).optional().describe("Nom du client, pour ce qu'il doit"),
  category: z.enum(expenseCategories).optional().describe("Catégorie de dépenses"),
  compare: z.boolean().optional().describe("Comparer avec la période précédente"),
});
export type FigureQuery = z.infer<typeof figureQuery>;

/** What the assistant says, and the exact figures behind it (cents) for a model or a test to reuse. */
export type FigureAnswer = {
  metric: FigureMetric;
  text: string;
  figures: Record<string, number | string>;
};
