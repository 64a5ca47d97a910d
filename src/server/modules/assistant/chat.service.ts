import { randomUUID } from "node:crypto";
import { PROVIDER_NAMES } from "@shared/ai/models";
import { parisToday } from "@shared/domain/dates";
import type { AnalysisDto } from "@shared/schemas/analysis";
import type { AssistantProvider, ChatEvent, ChatRequest } from "@shared/schemas/assistant";
import { chatRequest } from "@shared/schemas/assistant";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Env } from "../../env";
import type { Logger } from "../../logger";
import { conversationNote } from "./conversation-note";
import { recordInteraction } from "./executions";
import { answerWithModel, ProviderFailure } from "./llm-engine";
import { answerLocally } from "./local-engine";
import { providerAttempts } from "./providers";
import { tokensLeftToday } from "./quota";
import { listServerModels } from "./server-models";
import type { Turn } from "./turn";

/** What went wrong with a provider, as the notice tells the user. */
const FAILURE_WORDS: Record<ProviderFailure["reason"], string> = {
  "first-token": "n'a pas commencé à répondre à temps",
  stall: "s'est interrompu en cours de réponse",
  total: "a mis trop de temps à répondre",
  error: "n'a pas pu répondre",
};

/** Spec §8: the only canned text left when every engine failed. */
export const FALLBACK_TEXT = "Je rencontre des difficultés techniques. Veuillez réessayer.";

export type ChatDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  analyze: (userId: string) => Promise<AnalysisDto>;
};

/**
 * One assistant answer, streamed as events: the providers in the spec's order (OpenAI, OpenRouter), each
 * falling through to the next when it errs or stays silent too long (before its first word or in the
 * middle: its partial text is then retracted), then the offline engine. Each fall-through is told to the
 * user in a notice; the 'done' event says which engine answered.
 */
export async function runChat(
  { db, env, logger, analyze }: ChatDeps,
  {
    userId,
    body,
    emit,
    now = new Date(),
    channel = "chat",
  }: {
    userId: string;
    body: ChatRequest;
    emit: (event: ChatEvent) => void;
    now?: Date;
    channel?: Turn["channel"];
  },
): Promise<void> {
  const request = chatRequest.parse(body);
  const conversationId = request.conversationId ?? randomUUID();
  const turn: Turn = {
    db,
    userId,
    now,
    appUrl: env.appUrl,
    confirmBeforeAction: request.confirmBeforeAction,
    conversationId,
    emit,
    analyze: () => analyze(userId),
    channel,
  };
  // Spec §7: the history sent to the model leaves out the opening greeting.
  const messages = request.messages[0]?.role === "assistant" ? request.messages.slice(1) : request.messages;
  const question = messages.at(-1)?.content ?? "";
  emit({ type: "status", mode: "thinking", progress: 30 });

  let answered: {
    provider: AssistantProvider;
    model: string | null;
    text: string;
    tokensUsed: number;
  } | null = null;
  // The quota is read only when a provider could answer: the offline engine is never limited.
  const serverModels = await listServerModels(env);
  const configured = providerAttempts(env, question, request.model, serverModels);
  const attempts =
    configured.length > 0 && (await tokensLeftToday(db, env, userId, now)) > 0 ? configured : [];
  if (attempts.length > 0) {
    const profile = await readProfile(db, userId);
    const note = await conversationNote(turn, messages);
    for (const [index, attempt] of attempts.entries()) {
      try {
        const answer = await answerWithModel(turn, attempt, messages, {
          profile,
          today: parisToday(now),
          note,
          timeouts: {
            firstTokenMs: env.AI_FIRST_TOKEN_TIMEOUT_MS,
            stallMs: env.AI_STALL_TIMEOUT_MS,
            totalMs: env.AI_TIMEOUT_MS,
          },
        });
        if (answer.isCut)
          emit({
            type: "notice",
            message: `${PROVIDER_NAMES[attempt.provider]} s'est interrompu : la réponse est incomplète.`,
          });
        answered = { provider: attempt.provider, model: attempt.modelId, ...answer };
        break;
      } catch (error) {
        logger.warn({ err: error, provider: attempt.provider }, "AI provider failed, trying the next one");
        const failure = error instanceof ProviderFailure ? error : new ProviderFailure("error", false);
        if (failure.hasSpoken) emit({ type: "retract" });
        const next = attempts[index + 1];
        emit({
          type: "notice",
          message: `${PROVIDER_NAMES[attempt.provider]} ${FAILURE_WORDS[failure.reason]} : ${next ? `réponse de ${PROVIDER_NAMES[next.provider]}` : "réponse du moteur local, hors ligne"}.`,
        });
      }
    }
  }
  if (!answered) {
    try {
      answered = { provider: "local", model: null, text: await answerLocally(turn, messages), tokensUsed: 0 };
    } catch (error) {
      logger.error({ err: error }, "local assistant engine failed");
      emit({ type: "text", delta: FALLBACK_TEXT });
      answered = { provider: "local", model: null, text: FALLBACK_TEXT, tokensUsed: 0 };
    }
  }

  emit({ type: "status", mode: "thinking", progress: 95 });
  await recordInteraction(
    db,
    userId,
    {
      taskType: "chat",
      prompt: question,
      result: answered.text,
      provider: answered.provider,
      model: answered.model,
      tokensUsed: answered.tokensUsed,
      conversationId,
      metadata: { section: request.section ?? null, confirmBeforeAction: request.confirmBeforeAction },
    },
    now,
  );
  emit({
    type: "done",
    conversationId,
    isRealAPI: answered.provider !== "local",
    apiProvider: answered.provider,
    model: answered.model,
  });
  emit({ type: "status", mode: "idle", progress: 100 });
}

export async function readProfile(db: Db, userId: string) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ name: profiles.name, jobTitle: profiles.jobTitle, skills: profiles.skills })
      .from(profiles)
      .where(eq(profiles.id, userId)),
  );
  return { name: row?.name ?? "Utilisateur", jobTitle: row?.jobTitle || null, skills: row?.skills ?? [] };
}
