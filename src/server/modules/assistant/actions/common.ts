import type { ClientKind } from "@shared/domain/client-kind";
import type { ActionResult } from "@shared/schemas/assistant";
import { z } from "zod";
import type { Db } from "../../../db/client";

/**
 * What every assistant action is made of (CONVENTIONS.md rule 16): one entry holds its input schema, the
 * description its tool gives the model, the French lines of its proposal, its failure message, its consent
 * rule, how it resolves the request against the user's data, and what it runs.
 */

/** Who acts (always the session's user), when, and the public base URL for links that leave the app. */
export type ActionContext = { db: Db; userId: string; now: Date; appUrl: string };

export type Detail = { label: string; value: string };
export type Description = { summary: string; details: Detail[] };

/**
 * A request resolved against the user's data (client and project ids, prices in HT…), ready to be proposed
 * or run; or, when it names several of the user's records or none that can be used, a French question and
 * nothing else.
 */
export type Prepared<I> = { input: I; question?: undefined } | { question: string; input?: undefined };

export type ActionOutcome = Omit<ActionResult, "type">;

/**
 * What an action may do that no text read by an engine may decide alone (issue 26): records, notes and
 * supplier invoices are written by outsiders too, and a model that obeys them must not reach these.
 */
export type SensitiveEffect =
  /** Makes a credential: an API token, a feed or link that opens data without a session. */
  | "creates-credential"
  /** Shows a secret: the calendar feed's URL, a token, a key, a signing secret. */
  | "reveals-secret"
  /** Sends the user's data to an address outside Ardoise: webhooks, Mailchimp, Stripe. */
  | "reaches-outside"
  /** Sends an e-mail in the user's name, now or later. */
  | "sends-email"
  /** Records, asks for or moves money: payments, payment links, reminders, invoices sent. */
  | "moves-money";

/**
 * "unless-agent-mode": Ardoise's own drafts and records, proposed when the user asked to confirm (the
 * default) and run at once in agent mode. `{ always: [...] }`: proposed in every mode, and run only from the
 * user's confirmation of that stored proposal (POST /api/assistant/proposals/:id/confirm), checked where
 * actions execute (actions.ts executeAction), whoever calls it.
 */
export type Consent = "unless-agent-mode" | { always: readonly [SensitiveEffect, ...SensitiveEffect[]] };

export type ActionDefinition<S extends z.ZodType> = {
  input: S;
  /** The model's tool description. */
  tool: string;
  consent: Consent;
  /** Said when the run fails without a more precise French message. */
  failure: string;
  /** Runs before the proposal and again before the run, so a confirmed proposal is checked anew. */
  prepare?: (context: ActionContext, input: z.infer<S>) => Promise<Prepared<z.infer<S>>>;
  /** After `prepare`, before a proposal only (never at the run of a stored one): what the user must still say. */
  ask?: (input: z.infer<S>) => string | undefined;
  describe: (input: z.infer<S>) => Description;
  run: (context: ActionContext, input: z.infer<S>) => Promise<ActionOutcome>;
};

export const defineAction = <S extends z.ZodType>(definition: ActionDefinition<S>) => definition;

// Fields several actions share, with their French messages.

export const CLIENT_MISSING = "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?";

export const clientName = z
  .string()
  .trim()
  .min(2, CLIENT_MISSING)
  .max(49, "Le nom du client doit faire moins de 50 caractères.");

/** Set by the resolution (or by a model that read it in search_records); checked as the user's own. */
export const clientId = z
  .uuid("Client invalide.")
  .optional()
  .describe("Identifiant du client, s'il est connu");
export const projectId = z
  .uuid("Projet invalide.")
  .optional()
  .describe("Identifiant du projet, s'il est connu");
export const projectName = z.string().trim().min(1).max(200).optional().describe("Nom du projet");

export const euros = z
  .number({ error: "Montant non spécifié." })
  .positive("Le montant doit être positif.")
  .max(1_000_000, "Montant trop élevé (1 000 000 € au maximum).");

export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date invalide (AAAA-MM-JJ).");

/** Any invoice prefix the seller chose (INV, FAC…), then the year and the number. */
export const invoiceNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,8}-\d{4}-\d{4,}$/, "Indiquez le numéro de la facture (ex. : INV-2026-0042).")
  .describe("Numéro de la facture émise, ex. INV-2026-0042");

export const toCents = (amount: number) => Math.round(amount * 100);

/** "Dupont Immobilier, Dupont Conseil" — at most five names, the list the question offers. */
export const nameList = (names: string[]) =>
  names.length > 5 ? `${names.slice(0, 5).join(", ")}…` : names.join(", ");

/** Who a record is for; a client the resolution did not find is said plainly to be new. */
export const clientDetail = ({
  client,
  clientId,
  clientKind,
}: {
  client: string;
  clientId?: string;
  clientKind?: ClientKind;
}): Detail => ({
  label: "Client",
  value: clientId ? client : `Nouveau client : ${client}${clientKind ? ` (${clientKind})` : ""}`,
});
