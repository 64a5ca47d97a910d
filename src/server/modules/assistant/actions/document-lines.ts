import { clientKindOfName, clientKindQuestion, clientKinds } from "@shared/domain/client-kind";
import { lineTotalCents } from "@shared/domain/money";
import { defaultVatRateBp } from "@shared/domain/vat-regime";
import { formatDate, formatMoney } from "@shared/format";
import type { LineInput } from "@shared/schemas/invoices";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { businessIdentities } from "../../../db/schema/index";
import { withTenant } from "../../../db/tenant";
import {
  type ActionContext,
  clientDetail,
  clientId,
  clientName,
  type Detail,
  euros,
  type Prepared,
  projectId,
  projectName,
  toCents,
} from "./common";
import { resolveClientRef, resolveProjectRef } from "./resolve";

/**
 * What invoice and quote drafts share: a client, a project, and lines said as "3 jours à 450 €" (or the
 * older single amount), in HT or TTC. Resolution turns them into HT lines with their descriptions, so the
 * proposal shows, and the confirmation writes, the same figures.
 */

const documentLine = z.object({
  description: z.string().trim().min(1).max(2000).optional().describe("Intitulé de la ligne"),
  quantity: z
    .number({ error: "Quantité non spécifiée." })
    .positive("La quantité doit être positive.")
    .max(1_000_000)
    .describe("Quantité, ex. 3 pour 3 jours"),
  unit: z.string().trim().min(1).max(30).optional().describe("Unité au singulier : jour, heure, forfait…"),
  unitPrice: euros.describe("Prix unitaire en euros"),
});
type DocumentLine = z.infer<typeof documentLine>;

export const documentFields = {
  client: clientName.describe("Nom du client (existant ou nouveau)"),
  clientId,
  clientKind: z
    .enum(clientKinds, { error: "Précisez s'il s'agit d'un particulier ou d'une entreprise." })
    .optional()
    .describe(
      "Pour un client qui n'existe pas encore : particulier ou entreprise (demandez-le à l'utilisateur)",
    ),
  /** The first format (one line); kept so that proposals stored before `lines` still confirm. */
  amount: euros.optional().describe("Montant en euros, quand il n'y a qu'une prestation sans lignes"),
  description: z.string().trim().max(500).optional().describe("Intitulé de la prestation"),
  lines: z
    .array(documentLine)
    .min(1, "Ajoutez au moins une ligne.")
    .max(50, "50 lignes au maximum.")
    .optional()
    .describe("Lignes quantité × prix unitaire, ex. 3 jours à 450 €"),
  priceBasis: z
    .enum(["HT", "TTC"], { error: "Base de prix inconnue (HT ou TTC)." })
    .optional()
    .describe("Les prix sont HT (par défaut) ou TTC"),
  project: projectName,
  projectId,
};

type DocumentInput = {
  client: string;
  clientId?: string;
  clientKind?: (typeof clientKinds)[number];
  amount?: number;
  description?: string;
  lines?: DocumentLine[];
  priceBasis?: "HT" | "TTC";
  project?: string;
  projectId?: string;
};

export const hasAmount = (input: { amount?: number; lines?: unknown[] }) =>
  input.amount !== undefined || input.lines !== undefined;
export const AMOUNT_MISSING = { message: "Montant non spécifié.", path: ["amount"] };

/** VAT of a line the user did not detail: the regime's default, the rule the forms use. */
export async function regimeVatRateBp(db: Db, userId: string): Promise<number> {
  const [identity] = await withTenant(db, userId, (tx) =>
    tx
      .select({ regime: businessIdentities.vatRegime })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId)),
  );
  return defaultVatRateBp(identity?.regime);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The document's lines as said: the detailed ones, or the single amount as one line. */
function saidLines(input: DocumentInput): DocumentLine[] {
  if (input.lines) return input.lines;
  return input.amount === undefined ? [] : [{ quantity: 1, unitPrice: input.amount }];
}

/** Client and project resolved, lines in HT with their descriptions. Runs again at confirmation: idempotent. */
export async function prepareDocument<T extends DocumentInput>(
  context: ActionContext,
  input: T,
): Promise<Prepared<T>> {
  const client = await resolveClientRef(context.db, context.userId, input);
  if (client.question !== undefined) return client;
  const project = await resolveProjectRef(context.db, context.userId, client.input);
  if (project.question !== undefined) return project;
  const rateBp = input.priceBasis === "TTC" ? await regimeVatRateBp(context.db, context.userId) : 0;
  const lines = saidLines(input).map((line) => ({
    ...line,
    description: capitalized(line.description ?? input.description ?? "Prestation"),
    // A TTC price is turned into the HT price that gives it back at the line's rate, to the cent.
    unitPrice: Math.round((toCents(line.unitPrice) * 10_000) / (10_000 + rateBp)) / 100,
  }));
  // A new client named as a business (« Menuiserie Girard », « Dupont SARL ») needs no question.
  const clientKind = project.input.clientId
    ? undefined
    : (project.input.clientKind ?? clientKindOfName(project.input.client));
  return { input: { ...project.input, clientKind, lines, amount: undefined, priceBasis: undefined } };
}

/**
 * A new client's kind decides what its invoice needs (a SIREN, or an address only): asked before the
 * proposal, never assumed. A proposal stored before the question existed still runs (as a business).
 */
export const askNewClientKind = (input: DocumentInput) =>
  input.clientId || input.clientKind ? undefined : clientKindQuestion(input.client);

/** The draft's lines for the invoices and quotes services, at the regime's VAT rate. */
export function lineInputs(input: DocumentInput, vatRateBp: number): LineInput[] {
  return saidLines(input).map((line) => ({
    description: line.description ?? "Prestation",
    quantity: line.quantity,
    unit: line.unit,
    unitPriceCents: toCents(line.unitPrice),
    vatRateBp,
  }));
}

export function totalHtCents(input: DocumentInput): number {
  return saidLines(input).reduce(
    (sum, line) => sum + lineTotalCents(line.quantity, toCents(line.unitPrice)),
    0,
  );
}

const quantities = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });

/** "jour" → "jours" after 2; "mois", "km" and words ending in s, x, z do not change. */
const unitFor = (unit: string, quantity: number) =>
  quantity > 1 && !/[sxz]$/.test(unit) && unit !== "km" ? `${unit}s` : unit;

/** "3 jours × 450,00 € = 1 350,00 €" */
export function lineText(line: DocumentLine): string {
  const quantity = quantities.format(line.quantity);
  const amount = `${formatMoney(toCents(line.unitPrice))} = ${formatMoney(lineTotalCents(line.quantity, toCents(line.unitPrice)))}`;
  return line.unit
    ? `${quantity} ${unitFor(line.unit, line.quantity)} × ${amount}`
    : `${quantity} × ${amount}`;
}

/** The proposal's lines: who it is for (said plainly when the client is new), the project, each line, the total. */
export function documentDetails(input: DocumentInput): Detail[] {
  const lines = saidLines(input);
  return [
    clientDetail(input),
    ...(input.project ? [{ label: "Projet", value: input.project }] : []),
    ...lines.map((line, index) => {
      const description = line.description ?? input.description ?? "Prestation";
      return {
        label: lines.length > 1 ? `${index + 1}. ${description}` : description,
        value: lineText(line),
      };
    }),
    { label: "Total HT", value: formatMoney(totalHtCents(input)) },
  ];
}

/** "le 3 mars 2026", "du 1 mars 2026 au 31 mars 2026" */
export const periodText = (start: string, end?: string) =>
  end && end !== start ? `du ${formatDate(start)} au ${formatDate(end)}` : `le ${formatDate(start)}`;
