import { z } from "zod";
import { declarationFrequencies, urssafActivities } from "../domain/urssaf";
import { isoDay } from "./fields";

export const urssafSettingsInput = z.object({
  activity: z.enum(urssafActivities, { error: "Choisissez votre activité." }),
  frequency: z.enum(declarationFrequencies, { error: "Choisissez la fréquence de vos déclarations." }),
  creationDate: isoDay,
  hasAcre: z.boolean(),
  hasVersementLiberatoire: z.boolean(),
});
export type UrssafSettingsInput = z.infer<typeof urssafSettingsInput>;

/** ?day=YYYY-MM-DD: the declaration period that day falls in; none, the declaration to make next. */
export const urssafQuery = z.object({ day: isoDay.optional() });

const cents = z.number().int();

export const declarationDto = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    deadline: z.string(),
    label: z.string(),
    isFirst: z.boolean(),
  }),
  /** The period has not ended yet: its figures still grow. */
  isInProgress: z.boolean(),
  isOverdue: z.boolean(),
  /** ACRE applies to this period (granted, and inside its window). */
  hasAcre: z.boolean(),
  /** Cash received in the period, VAT excluded: what is declared. */
  receivedCents: cents,
  paymentCount: z.number().int(),
  figures: z.object({
    declaredTurnoverCents: cents,
    contributionsCents: cents,
    cfpCents: cents,
    chamberTaxCents: cents,
    versementLiberatoireCents: cents,
    totalCents: cents,
  }),
  /** Days to ask for the neighbouring periods (next is null when it has not started). */
  previousDay: z.string(),
  nextDay: z.string().nullable(),
});
export type DeclarationDto = z.infer<typeof declarationDto>;

export const thresholdDto = z.object({
  kind: z.enum(["micro", "vatBase", "vatMajor"]),
  label: z.string(),
  limitCents: cents,
  ratio: z.number(),
  level: z.enum(["ok", "approche", "dépassé"]),
  message: z.string().nullable(),
});

export const urssafOverviewDto = z.object({
  /** Null until the user fills the settings: nothing is computed then. */
  settings: urssafSettingsInput.nullable(),
  /** The activity of the business identity, to prefill the form. */
  suggestedActivity: z.enum(urssafActivities).nullable(),
  declaration: declarationDto.nullable(),
  year: z
    .object({ year: z.number().int(), receivedCents: cents, thresholds: z.array(thresholdDto) })
    .nullable(),
});
export type UrssafOverviewDto = z.infer<typeof urssafOverviewDto>;
