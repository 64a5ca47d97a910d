import { z } from "zod";
import { expenseCategories } from "./expenses";

/**
 * What the French command interpreter (spec §5 "Command interpretation", src/shared/domain/interpreter)
 * understood from one command: the local engine's answer, and the first pass before any AI provider.
 */

export const interpretationActions = [
  "create_invoice",
  "create_quote",
  "create_client",
  "create_expense",
  "create_project",
  "view_data",
  "create_automation",
  "use_integration",
  "general",
] as const;
export type InterpretationAction = (typeof interpretationActions)[number];

/** Spec §3: the data the assistant can list. */
export const viewDataTypes = [
  "invoices",
  "quotes",
  "clients",
  "expenses",
  "projects",
  "tasks",
  "payments",
] as const;
export type ViewDataType = (typeof viewDataTypes)[number];

/** Spec §5 intent keywords; the server's integrations also know webhooks and ICS feeds, which no command names. */
export const assistantIntegrations = ["zapier", "google_calendar", "mailchimp", "stripe"] as const;
export type AssistantIntegration = (typeof assistantIntegrations)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date invalide (AAAA-MM-JJ).");

export const interpretationEntities = z.strictObject({
  client: z.string().min(2).max(49).optional(),
  /** Euros, as typed: 1 250,75 € is 1250.75 (cents are computed by the form that receives it). */
  amount: z.number().positive().optional(),
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  category: z.enum(expenseCategories).optional(),
  date: day.optional(),
  dueDate: day.optional(),
  email: z.string().optional(),
  /** French display form, "06 12 34 56 78". */
  phone: z.string().optional(),
  /** The new client's or project's own name. */
  name: z.string().min(1).optional(),
  dataType: z.enum(viewDataTypes).optional(),
  integration: z.enum(assistantIntegrations).optional(),
});
export type InterpretationEntities = z.infer<typeof interpretationEntities>;

export const interpretationResult = z.strictObject({
  action: z.enum(interpretationActions),
  confidence: z.number().min(0).max(1),
  entities: interpretationEntities,
  /** French, shown to the user: what is missing before the record can be created. */
  ambiguities: z.array(z.string()),
  /** Spec §5: the request is worth sending to the planner (create, generate, analyse, invoice, client…). */
  needsPlanning: z.boolean(),
});
export type Interpretation = z.infer<typeof interpretationResult>;
