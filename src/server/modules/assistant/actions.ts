import { isOverdueReminderRule, isWeeklySummaryRule, nextWeeklySummaryAt } from "@shared/domain/automations";
import { parisToday } from "@shared/domain/dates";
import { defaultVatRateBp } from "@shared/domain/vat-regime";
import { fold } from "@shared/fold";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { ActionResult, AssistantActionType } from "@shared/schemas/assistant";
import { expenseCategories, expenseCategoryLabels } from "@shared/schemas/expenses";
import { assistantIntegrations } from "@shared/schemas/interpretation";
import { and, eq, ilike } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { automations, businessIdentities, clients } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { createClient } from "../clients/clients.service";
import { createExpense } from "../expenses/expenses.service";
import { createInvoiceDraft, scheduleReminders } from "../invoices/invoices.service";
import { createProject } from "../projects/projects.service";
import { createQuote } from "../quotes/quotes.service";
import { integrationLabels, runIntegration } from "./integrations";

/**
 * Everything the assistant may create, and nothing else: no tool deletes, sends or pays (issue 5). The LLM
 * tools, the offline engine, the confirmation endpoint and autonomous-ai-execute all run these, with the user
 * id of the session, never one from a prompt. Inputs are parsed again here whoever produced them.
 */

const clientName = z
  .string()
  .trim()
  .min(2, "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?")
  .max(49, "Le nom du client doit faire moins de 50 caractères.");
const euros = z
  .number({ error: "Montant non spécifié." })
  .positive("Le montant doit être positif.")
  .max(1_000_000, "Montant trop élevé (1 000 000 € au maximum).");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date invalide (AAAA-MM-JJ).");

const documentInput = z.object({
  client: clientName.describe("Nom du client (existant ou nouveau)"),
  amount: euros.describe("Montant hors taxes en euros"),
  description: z.string().trim().max(500).optional().describe("Intitulé de la prestation"),
});

export const actionInputs = {
  create_invoice: documentInput,
  create_quote: documentInput.extend({
    validUntil: day.optional().describe("Fin de validité du devis (AAAA-MM-JJ), 30 jours par défaut"),
  }),
  create_client: z.object({
    name: z.string().trim().min(2, "Indiquez le nom du client.").max(49).describe("Nom du client"),
    email: z.email("Adresse e-mail invalide.").optional(),
    phone: z.string().trim().max(30).optional(),
  }),
  create_expense: z.object({
    description: z.string().trim().min(1, "Décrivez la dépense.").max(200).describe("Intitulé de la dépense"),
    amount: euros.describe("Montant TTC en euros"),
    category: z.enum(expenseCategories).optional(),
    date: day.optional().describe("Date de la dépense (AAAA-MM-JJ), aujourd'hui par défaut"),
  }),
  create_project: z.object({
    name: z.string().trim().min(1, "Le nom du projet et le client sont requis.").max(200),
    client: clientName.describe("Client du projet"),
    description: z.string().trim().max(2000).optional(),
  }),
  schedule_reminders: z.object({
    invoiceNumber: z
      .string()
      .trim()
      .regex(/^INV-\d{4}-\d{4,}$/i, "Indiquez le numéro de la facture (ex. : INV-2026-0042).")
      .describe("Numéro de la facture émise, ex. INV-2026-0042"),
  }),
  create_automation: z.object({
    description: z.string().trim().min(3, "Décrivez l'automatisation.").max(500),
  }),
  use_integration: z.object({ integration: z.enum(assistantIntegrations) }),
} satisfies Record<AssistantActionType, z.ZodType>;

export type ActionInput<T extends AssistantActionType> = z.infer<(typeof actionInputs)[T]>;
export type ActionRequest = {
  [T in AssistantActionType]: { type: T; input: ActionInput<T> };
}[AssistantActionType];

type Detail = { label: string; value: string };

/** The French lines a proposal shows before the user consents. */
export function describeAction(request: ActionRequest): { summary: string; details: Detail[] } {
  switch (request.type) {
    case "create_invoice":
    case "create_quote": {
      const { client, amount, description } = request.input;
      const kind = request.type === "create_invoice" ? "facture" : "devis";
      return {
        summary: `Créer un ${kind === "facture" ? "brouillon de facture" : "devis (brouillon)"} pour ${client} de ${formatMoney(toCents(amount))} HT`,
        details: [
          { label: "Client", value: client },
          { label: "Prestation", value: description ?? "Prestation" },
          { label: "Montant HT", value: formatMoney(toCents(amount)) },
          ...(request.type === "create_quote" && request.input.validUntil
            ? [{ label: "Valable jusqu'au", value: formatDate(request.input.validUntil) }]
            : []),
        ],
      };
    }
    case "create_client":
      return {
        summary: `Ajouter le client ${request.input.name} (prospect)`,
        details: [
          { label: "Nom", value: request.input.name },
          ...(request.input.email ? [{ label: "E-mail", value: request.input.email }] : []),
          ...(request.input.phone ? [{ label: "Téléphone", value: request.input.phone }] : []),
        ],
      };
    case "create_expense":
      return {
        summary: `Enregistrer la dépense « ${request.input.description} » de ${formatMoney(toCents(request.input.amount))}`,
        details: [
          { label: "Catégorie", value: expenseCategoryLabels[request.input.category ?? "autre"] },
          { label: "Montant TTC", value: formatMoney(toCents(request.input.amount)) },
          ...(request.input.date ? [{ label: "Date", value: formatDate(request.input.date) }] : []),
        ],
      };
    case "create_project":
      return {
        summary: `Créer le projet « ${request.input.name} » pour ${request.input.client}`,
        details: [
          { label: "Projet", value: request.input.name },
          { label: "Client", value: request.input.client },
        ],
      };
    case "schedule_reminders":
      return {
        summary: `Programmer les rappels de paiement de la facture ${request.input.invoiceNumber.toUpperCase()}`,
        details: [{ label: "Rappels", value: "7 et 3 jours avant l'échéance, puis le jour même" }],
      };
    case "create_automation":
      return { summary: `Créer l'automatisation : ${request.input.description}`, details: [] };
    case "use_integration":
      return { summary: `Connecter ${integrationLabels[request.input.integration]}`, details: [] };
  }
}

/** Parses an untrusted request (model output, stored proposal, API body); French issues on failure. */
export function parseActionRequest(type: AssistantActionType, input: unknown): ActionRequest {
  return { type, input: actionInputs[type].parse(input) } as ActionRequest;
}

const toCents = (euros: number) => Math.round(euros * 100);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The user's client with that name (case-insensitive), or a new prospect: AI-created clients start as prospects. */
export async function resolveClient(
  db: Db,
  userId: string,
  name: string,
): Promise<{ id: string; name: string }> {
  const [existing] = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.userId, userId), ilike(clients.name, name.replace(/[\\%_]/g, "\\$&"))))
      .limit(1),
  );
  if (existing) return existing;
  const created = await createClient(db, {
    userId,
    input: { name, country: "FR", isBusiness: true, status: "prospect" } as never,
  });
  return { id: created.id, name: created.name };
}

/** VAT of a line or an expense the user did not detail: the regime's default (the rule the forms use). */
async function regimeVatRateBp(db: Db, userId: string): Promise<number> {
  const [identity] = await withTenant(db, userId, (tx) =>
    tx
      .select({ regime: businessIdentities.vatRegime })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId)),
  );
  return defaultVatRateBp(identity?.regime);
}

/** When the action runs, and the public base URL for links that leave the app (the calendar feed's). */
export type ActionContext = { appUrl: string; now?: Date };

/** Runs one action for the session's user. Failures come back as an Échec result, never as a throw. */
export async function runAction(
  db: Db,
  userId: string,
  request: ActionRequest,
  { appUrl, now = new Date() }: ActionContext,
): Promise<ActionResult> {
  try {
    return await execute(db, userId, request, { appUrl, now });
  } catch (error) {
    const detail =
      error instanceof z.ZodError
        ? error.issues[0]?.message
        : error instanceof AppError
          ? error.message
          : undefined;
    return { type: request.type, success: false, message: detail ?? failureMessages[request.type] };
  }
}

const failureMessages: Record<AssistantActionType, string> = {
  create_invoice: "Erreur lors de la création de la facture",
  create_quote: "Erreur lors de la création du devis",
  create_client: "Erreur lors de la création du client",
  create_expense: "Erreur lors de la création de la dépense",
  create_project: "Échec de la création du projet",
  schedule_reminders: "Erreur lors de la programmation des rappels",
  create_automation: "Je n'ai pas pu créer l'automatisation.",
  use_integration: "Je n'ai pas pu utiliser l'intégration.",
};

async function execute(
  db: Db,
  userId: string,
  request: ActionRequest,
  { appUrl, now }: Required<ActionContext>,
): Promise<ActionResult> {
  switch (request.type) {
    case "create_invoice":
    case "create_quote": {
      const { amount, description } = request.input;
      const client = await resolveClient(db, userId, request.input.client);
      const lines = [
        {
          description: description ? capitalized(description) : "Prestation",
          quantity: 1,
          unitPriceCents: toCents(amount),
          vatRateBp: await regimeVatRateBp(db, userId),
        },
      ];
      const base = { clientId: client.id, clientName: client.name, lines };
      if (request.type === "create_invoice") {
        const invoice = await createInvoiceDraft(db, { userId, input: base, now });
        return {
          type: request.type,
          success: true,
          message: `Brouillon de facture créé pour ${client.name} (${formatMoney(invoice.totalCents)} TTC).`,
          data: {
            id: invoice.id,
            label: `Facture ${client.name}`,
            link: paths.app.invoices.detail(invoice.id),
          },
        };
      }
      const quote = await createQuote(db, {
        userId,
        input: { ...base, validUntil: request.input.validUntil },
        now,
      });
      return {
        type: request.type,
        success: true,
        message:
          `Devis ${quote.quoteNumber ?? ""} créé pour ${client.name} (${formatMoney(quote.totalCents)} TTC), valable jusqu'au ${formatDate(quote.validUntil ?? parisToday(now))}.`.replace(
            "  ",
            " ",
          ),
        data: {
          id: quote.id,
          label: `Devis ${quote.quoteNumber ?? client.name}`,
          link: paths.app.quotes.detail(quote.id),
        },
      };
    }
    case "create_client": {
      const client = await createClient(db, {
        userId,
        input: { ...request.input, country: "FR", isBusiness: true, status: "prospect" } as never,
      });
      return {
        type: request.type,
        success: true,
        message: `Client ${client.name} ajouté (prospect).`,
        data: { id: client.id, label: client.name, link: paths.app.clients.detail(client.id) },
      };
    }
    case "create_expense": {
      const { description, amount, category = "autre", date } = request.input;
      const expense = await createExpense(db, {
        userId,
        input: {
          title: description,
          amountCents: toCents(amount),
          vatRateBp: await regimeVatRateBp(db, userId),
          category,
          date: date ?? parisToday(now),
          status: "pending",
        },
        now,
      });
      return {
        type: request.type,
        success: true,
        message: `Dépense « ${expense.title} » de ${formatMoney(expense.amountCents)} enregistrée (à valider).`,
        data: { id: expense.id, label: expense.title, link: paths.app.expenses.detail(expense.id) },
      };
    }
    case "create_project": {
      const client = await resolveClient(db, userId, request.input.client);
      const project = await createProject(db, {
        userId,
        input: {
          name: request.input.name,
          description: request.input.description,
          clientId: client.id,
          status: "active",
        },
      });
      return {
        type: request.type,
        success: true,
        message: `Projet « ${project.name} » créé pour ${client.name}.`,
        data: { id: project.id, label: project.name, link: paths.app.projects.detail(project.id) },
      };
    }
    case "schedule_reminders": {
      const { invoice, scheduled } = await scheduleReminders(db, {
        userId,
        invoiceNumber: request.input.invoiceNumber,
        now,
      });
      const label = invoice.invoiceNumber ?? "";
      return {
        type: request.type,
        success: true,
        message: scheduled.length
          ? `${scheduled.length} rappel${scheduled.length > 1 ? "s" : ""} programmé${scheduled.length > 1 ? "s" : ""} pour la facture ${label} : ${scheduled.map(formatDate).join(", ")}.`
          : `Les rappels de la facture ${label} sont déjà programmés, ou son échéance est passée.`,
        data: { id: invoice.id, label: `Facture ${label}`, link: paths.app.invoices.detail(invoice.id) },
      };
    }
    case "create_automation": {
      const rule = automationFromDescription(request.input.description);
      const nextRunAt = isWeeklySummaryRule(rule.trigger, rule.action) ? nextWeeklySummaryAt(now) : null;
      const [row] = await withTenant(db, userId, (tx) =>
        tx
          .insert(automations)
          .values({
            userId,
            name: rule.name,
            description: request.input.description,
            trigger: rule.trigger,
            action: rule.action,
            nextRunAt,
          })
          .returning({ id: automations.id }),
      );
      return {
        type: request.type,
        success: true,
        message: `Automatisation « ${rule.name} » créée : ${whatTheRuleDoes(rule, nextRunAt)}`,
        data: { id: row?.id ?? "", label: rule.name, link: paths.app.automations },
      };
    }
    case "use_integration":
      return runIntegration(db, userId, request.input.integration, appUrl);
  }
}

/** What the user can expect from a new rule, said plainly: only two kinds run by themselves today. */
function whatTheRuleDoes(rule: ReturnType<typeof automationFromDescription>, nextRunAt: Date | null): string {
  if (isOverdueReminderRule(rule.trigger, rule.action))
    return "vos clients seront relancés par e-mail 7, 15 et 30 jours après l'échéance de chaque facture impayée.";
  if (nextRunAt)
    return `votre bilan partira chaque lundi matin, la première fois le ${formatDate(nextRunAt.toISOString())}.`;
  return "elle est enregistrée, mais ce type de règle ne s'exécute pas encore tout seul.";
}

/** A rule from French words: what triggers it and what it does. Unknown wording gives a manual rule. */
export function automationFromDescription(description: string) {
  const text = fold(description);
  if (/(relanc|rappel).*(factur|impaye|retard)|(factur|impaye|retard).*(relanc|rappel)/.test(text))
    return {
      name: "Relance des factures en retard",
      trigger: { type: "invoice_overdue" },
      action: { type: "send_reminder" },
    };
  if (/devis.*(expir|relanc|suivi)/.test(text))
    return {
      name: "Suivi des devis envoyés",
      trigger: { type: "quote_expiring", daysBefore: 3 },
      action: { type: "notify" },
    };
  if (/(resume|rapport|bilan).*(semaine|hebdo)/.test(text))
    return {
      name: "Bilan hebdomadaire",
      trigger: { type: "schedule", every: "week" },
      action: { type: "send_summary" },
    };
  return { name: description.slice(0, 60), trigger: { type: "manual" }, action: { type: "notify" } };
}
