import { DEFAULT_ASSISTANT_SETTINGS, GENERATION_PRESETS } from "@shared/ai/settings";
import { assistantActionTypes, type ChatMessageInput } from "@shared/schemas/assistant";
import { figureQuery } from "@shared/schemas/figures";
import { viewDataTypes } from "@shared/schemas/interpretation";
import { stepCountIs, streamText, type ToolSet, tool } from "ai";
import { z } from "zod";
import { assistantActions, parseActionRequest } from "./actions";
import { answerFigures } from "./figures";
import { appLinkOnly, DATA_RULE, toolOutput, withoutSecrets } from "./model-context";
import type { ProviderAttempt } from "./providers";
import { readRecords } from "./reads";
import { perform, type Turn } from "./turn";

/** At most this many records created per message, even in agent mode: a prompt cannot fan out into 100 invoices. */
export const MAX_CREATIONS_PER_MESSAGE = 3;

/**
 * The model's tools: reads of the user's data and the create actions, all bound to this turn's user. What
 * each returns is the tool message the model reads (the voice relay sends it as is too): the records in a
 * quoted data block, secrets masked (model-context.ts).
 */
export function buildTools(turn: Turn): ToolSet {
  let creations = 0;
  const createTools = Object.fromEntries(
    assistantActionTypes.map((type) => [
      type,
      tool({
        description: assistantActions[type].tool,
        inputSchema: assistantActions[type].input as z.ZodType<object>,
        execute: async (input: unknown) => {
          creations += 1;
          if (creations > MAX_CREATIONS_PER_MESSAGE)
            return toolOutput({
              statut: "refusé",
              raison: `Au plus ${MAX_CREATIONS_PER_MESSAGE} créations par message.`,
            });
          const performed = await perform(turn, parseActionRequest(type, input));
          // What the chat shows as done is the proposal or result event, never the model's own words.
          if (performed.proposal)
            return toolOutput(
              {
                statut: "proposé",
                note: "En attente de la confirmation de l'utilisateur (bouton « Confirmer ») : rien n'est encore créé, envoyé ni enregistré.",
              },
              { resume: performed.proposal.summary },
            );
          if (performed.question !== undefined)
            return toolOutput({ statut: "question" }, { question: performed.question });
          // A one-time secret (a new token) and an outside address (the calendar feed) are for the user's
          // eyes in the result box: the model gets the message and a page of the app at most.
          return toolOutput(
            { statut: performed.result.success ? "créé" : "échec" },
            { message: performed.result.message, lien: appLinkOnly(performed.result.data?.link) },
          );
        },
      }),
    ]),
  );
  return {
    ...createTools,
    analyze_business: tool({
      description:
        "Analyse de l'activité : score de santé sur 100, chiffres clés, points d'attention, prévisions de trésorerie et de chiffre d'affaires.",
      inputSchema: z.object({}),
      execute: async () => {
        const { healthScore, figures, insights, predictions, actions } = await turn.analyze();
        return toolOutput({}, { healthScore, figures, insights, predictions, actions });
      },
    }),
    get_figures: tool({
      description:
        "Chiffre exact de l'activité de l'utilisateur, à citer tel quel : CA encaissé ou facturé, impayés, retards, ce que doit un client, meilleurs clients, marge, dépenses (totales ou par catégorie), projets en cours, devis en attente, taux de conversion, prévision de trésorerie ; par période et comparé à la précédente.",
      inputSchema: figureQuery,
      execute: async (query) => {
        const { text, figures } = await answerFigures(turn.db, { userId: turn.userId, query, now: turn.now });
        return toolOutput({}, { reponse: text, chiffres: figures });
      },
    }),
    search_records: tool({
      description:
        "Liste les données de l'utilisateur (5 au plus, tâches 10) avec leurs liens : factures, devis, clients, dépenses, projets, tâches, paiements.",
      inputSchema: z.object({
        dataType: z.enum(viewDataTypes),
        search: z.string().max(100).optional().describe("Texte cherché (numéro, client, intitulé)"),
        status: z
          .string()
          .max(20)
          .optional()
          .describe("Statut exact, ex. en-retard, payée, brouillon, accepté"),
      }),
      execute: async ({ dataType, search, status }) =>
        toolOutput({}, await readRecords(turn.db, turn.userId, dataType, { search, status }, turn.now)),
    }),
  };
}

export function instructions(
  profile: { name: string; jobTitle: string | null; skills: string[] },
  today: string,
): string {
  return [
    "Tu es l'assistant d'Ardoise, l'outil de gestion d'un freelance français. Réponds en français, brièvement, en markdown simple.",
    `Utilisateur : ${profile.name}${profile.jobTitle ? `, ${profile.jobTitle}` : ""}${profile.skills.length ? ` (compétences : ${profile.skills.join(", ")})` : ""}.`,
    `Date du jour : ${today}.`,
    "Tu n'as accès qu'aux données de cet utilisateur, par les outils. Cite les liens renvoyés par les outils.",
    DATA_RULE,
    "Pour tout chiffre (chiffre d'affaires, impayés, marge, dépenses…), appelle get_figures et reprends son chiffre exact ; ne calcule jamais un total à partir d'une liste.",
    "Tu ne peux ni supprimer, ni envoyer : seulement lire, créer des brouillons et proposer le reste (paiement reçu, rappels, automatisation, intégration), que l'utilisateur confirme lui-même.",
    "Ne crée jamais de jeton, de webhook ni d'automatisation, ne révèle aucune adresse secrète et ne lance aucune intégration, sauf si l'utilisateur le demande lui-même dans son message.",
    "Quand un outil répond « proposé », dis que l'action attend la confirmation de l'utilisateur ; n'affirme jamais qu'elle est faite.",
    "Quand un outil répond « question », pose cette question à l'utilisateur et n'invente pas la réponse.",
  ].join("\n");
}

const DEFAULT_TEMPERATURE = DEFAULT_ASSISTANT_SETTINGS.temperature;

export type LlmAnswer = { text: string; tokensUsed: number };

/** How long a provider may stay silent: before its first word, between two pieces, and in all. */
export type ModelTimeouts = { firstTokenMs: number; stallMs: number; totalMs: number };

/**
 * A provider that failed or went silent. `hasSpoken`: some text already reached the user (the caller
 * retracts it before the next engine answers).
 */
export class ProviderFailure extends Error {
  constructor(
    readonly reason: "first-token" | "stall" | "total" | "error",
    readonly hasSpoken: boolean,
    options?: { cause?: unknown },
  ) {
    super(`provider failed: ${reason}`, options);
  }
}

/**
 * One provider's answer, streamed through `turn.emit`. Throws a ProviderFailure when the provider errs or
 * stays silent too long, so the caller can retract its partial text and try the next engine; once a tool
 * has proposed or created something, the answer is kept as it is (trying again could propose it twice).
 */
export async function answerWithModel(
  turn: Turn,
  attempt: ProviderAttempt,
  messages: ChatMessageInput[],
  context: {
    profile: { name: string; jobTitle: string | null; skills: string[] };
    today: string;
    timeouts: ModelTimeouts;
    /** The conversation state (conversation-note.ts), after the instructions. */
    note?: string;
  },
): Promise<LlmAnswer & { isCut: boolean }> {
  const { firstTokenMs, stallMs, totalMs } = context.timeouts;
  const controller = new AbortController();
  let silence: ReturnType<typeof setTimeout> | undefined;
  let reason: ProviderFailure["reason"] = "error";
  const expire = (why: ProviderFailure["reason"]) => () => {
    reason = why;
    controller.abort();
  };
  const waitAtMost = (ms: number, why: ProviderFailure["reason"]) => {
    clearTimeout(silence);
    silence = setTimeout(expire(why), ms);
  };
  const total = setTimeout(expire("total"), totalMs);
  let hasActed = false;
  const watched: Turn = {
    ...turn,
    emit: (event) => {
      if (event.type === "proposal" || event.type === "result") hasActed = true;
      turn.emit(event);
    },
  };
  // Agent mode is the spec's autonomous mode (more tokens, warmer); otherwise the main answer's budget.
  const preset = turn.confirmBeforeAction ? GENERATION_PRESETS.mainAnswer : GENERATION_PRESETS.autonomous;
  let text = "";
  let failure: unknown;
  waitAtMost(firstTokenMs, "first-token");
  try {
    const result = streamText({
      model: attempt.model,
      system: [instructions(context.profile, context.today), context.note].filter(Boolean).join("\n\n"),
      // An earlier answer (a confirmed result) or a pasted value reaches the model with its secrets masked.
      messages: withoutSecrets(messages),
      tools: buildTools(watched),
      stopWhen: stepCountIs(5),
      maxOutputTokens: preset.maxTokens,
      temperature: "temperature" in preset ? preset.temperature : DEFAULT_TEMPERATURE,
      maxRetries: 0,
      abortSignal: controller.signal,
      // Errors arrive as stream parts below; the SDK's default would also print them to the console.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        watched.emit({ type: "text", delta: part.text });
        waitAtMost(stallMs, "stall");
      } else if (part.type === "tool-call") {
        // Our own tool runs now: its time is not the provider's silence.
        clearTimeout(silence);
      } else if (part.type === "tool-result" || part.type === "tool-error") {
        waitAtMost(stallMs, "stall");
      } else if (part.type === "error") {
        failure = part.error;
        break;
      } else if (part.type === "abort") {
        failure = new Error(reason);
        break;
      }
    }
    if (!failure && !controller.signal.aborted) {
      const usage = await Promise.resolve(result.totalUsage).catch(() => undefined);
      if (text === "" && !hasActed) throw new ProviderFailure("error", false);
      return { text, tokensUsed: usage?.totalTokens ?? 0, isCut: false };
    }
  } catch (error) {
    if (error instanceof ProviderFailure) throw error;
    failure = error;
  } finally {
    clearTimeout(silence);
    clearTimeout(total);
  }
  if (hasActed) return { text, tokensUsed: 0, isCut: true };
  throw new ProviderFailure(controller.signal.aborted ? reason : "error", text !== "", { cause: failure });
}
