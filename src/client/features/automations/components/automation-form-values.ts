import { documentFormValues } from "@client/components/documents/document-form-values";
import { addLineIssues, emptyLine, formLineOf, lineInputOf } from "@client/components/documents/line-values";
import { AUTOMATION_KINDS, type AutomationKind } from "@shared/domain/automations";
import { parisToday } from "@shared/domain/dates";
import type { VatRegime } from "@shared/domain/legal-identity";
import { type CreateAutomationInput, createAutomationInput } from "@shared/schemas/automations";
import { z } from "zod";

export const automationKinds = Object.keys(AUTOMATION_KINDS) as AutomationKind[];

/**
 * What the Automatisations form edits, as typed, for every kind at once (only the chosen kind's fields
 * count). The shared `createAutomationInput` validates the converted value, as the server does.
 */
export const automationFormValues = documentFormValues.extend({
  kind: z.enum(automationKinds),
  daysBefore: z.string(),
  event: z.string(),
  targetUrl: z.string(),
  /** A recurring invoice's lines: typed here, or copied from one of the client's invoices. */
  linesFrom: z.enum(["typed", "invoice"]),
  sourceInvoiceId: z.string(),
  frequency: z.string(),
  dayOfMonth: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  delivery: z.string(),
});
export type AutomationFormValues = z.infer<typeof automationFormValues>;

export function emptyAutomationForm(regime: VatRegime): AutomationFormValues {
  return {
    kind: "overdue_reminders",
    clientId: "",
    clientName: "",
    notes: "",
    lines: [emptyLine(regime)],
    daysBefore: "",
    event: "invoice.paid",
    targetUrl: "",
    linesFrom: "typed",
    sourceInvoiceId: "",
    frequency: "monthly",
    dayOfMonth: "1",
    startDate: parisToday(),
    endDate: "",
    delivery: "draft",
  };
}

/** A rule's settings (from the server) as the edit form starts from them. */
export function automationFormValuesOf(
  settings: CreateAutomationInput,
  regime: VatRegime,
  clientName: string,
): AutomationFormValues {
  const empty = emptyAutomationForm(regime);
  switch (settings.kind) {
    case "quote_expiring":
    case "task_due":
      return { ...empty, kind: settings.kind, daysBefore: String(settings.daysBefore) };
    case "event_webhook":
      return { ...empty, kind: settings.kind, event: settings.event, targetUrl: settings.targetUrl };
    case "recurring_invoice":
      return {
        ...empty,
        kind: settings.kind,
        clientId: settings.clientId,
        clientName,
        lines: settings.lines.map((line, position) =>
          formLineOf({ ...line, id: String(position), position, totalCents: 0 }, regime),
        ),
        frequency: settings.frequency,
        dayOfMonth: String(settings.dayOfMonth),
        startDate: settings.startDate,
        endDate: settings.endDate ?? "",
        delivery: settings.delivery,
      };
    default:
      return { ...empty, kind: settings.kind };
  }
}

/** "3" → 3, "" → undefined (the kind's default), anything else NaN for the schema to refuse. */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text.trim().replace(",", ".")));

/** The API input of the chosen kind; the shared schema checks it. */
export function toAutomationInput(values: AutomationFormValues): unknown {
  switch (values.kind) {
    case "quote_expiring":
    case "task_due":
      return { kind: values.kind, daysBefore: numberOf(values.daysBefore) };
    case "event_webhook":
      return { kind: values.kind, event: values.event, targetUrl: values.targetUrl.trim() };
    case "recurring_invoice":
      return {
        kind: values.kind,
        clientId: values.clientId,
        ...(values.linesFrom === "invoice"
          ? { sourceInvoiceId: values.sourceInvoiceId || "" }
          : { lines: values.lines.map(lineInputOf) }),
        frequency: values.frequency,
        dayOfMonth: numberOf(values.dayOfMonth) ?? Number.NaN,
        startDate: values.startDate,
        ...(values.endDate ? { endDate: values.endDate } : {}),
        delivery: values.delivery,
      };
    default:
      return { kind: values.kind };
  }
}

/** Where a schema issue shows: the client is picked by name, the lines' numbers as typed. */
const formField = (path: string) => (path === "clientId" ? "clientName" : path);

/**
 * The form's resolver schema: the text is read into the API input, which the shared `createAutomationInput`
 * validates; its French issues land on the matching form fields.
 */
export const automationFormSchema = automationFormValues.superRefine((values, context) => {
  const parsed = createAutomationInput.safeParse(toAutomationInput(values));
  const issues = (parsed.error?.issues ?? []).map((issue) => ({
    ...issue,
    path: formField(issue.path.map(String).join(".")).split("."),
  }));
  const typedLines = values.kind === "recurring_invoice" && values.linesFrom === "typed" ? values.lines : [];
  addLineIssues(typedLines, issues, context);
});
