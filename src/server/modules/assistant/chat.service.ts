import { randomUUID } from "node:crypto";
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
import { recordInteraction } from "./executions";
import { answerWithModel } from "./llm-engine";
import { answerLocally } from "./local-engine";
import { providerAttempts } from "./providers";
import { tokensLeftToday } from "./quota";
import type { Turn } from "./turn";

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
 * falling through to the next when it fails or times out before saying anything, then the offline engine.
 * The 'done' event says which one answered.
 */
export async function runChat(
  { db, env, logger, analyze }: ChatDeps,
  {
    userId,
    body,
    emit,
    now = new Date(),
  }: { userId: string; body: ChatRequest; emit: (event: ChatEvent) => void; now?: Date },
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
  const configured = providerAttempts(env, question, request.model);
  const attempts =
    configured.length > 0 && (await tokensLeftToday(db, env, userId, now)) > 0 ? configured : [];
  if (attempts.length > 0) {
    const profile = await readProfile(db, userId);
    for (const attempt of attempts) {
      try {
        const answer = await answerWithModel(turn, attempt, messages, {
          profile,
          today: parisToday(now),
          timeoutMs: env.AI_TIMEOUT_MS,
        });
        answered = { provider: attempt.provider, model: attempt.modelId, ...answer };
        break;
      } catch (error) {
        logger.warn({ err: error, provider: attempt.provider }, "AI provider failed, trying the next one");
      }
    }
  }
  if (!answered) {
    try {
      answered = { provider: "local", model: null, text: await answerLocally(turn, question), tokensUsed: 0 };
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

async function readProfile(db: Db, userId: string) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ name: profiles.name, jobTitle: profiles.jobTitle, skills: profiles.skills })
      .from(profiles)
      .where(eq(profiles.id, userId)),
  );
  return { name: row?.name ?? "Utilisateur", jobTitle: row?.jobTitle || null, skills: row?.skills ?? [] };
}
