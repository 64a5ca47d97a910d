import type { ActionProposal, ActionResult, AssistantActionType } from "@shared/schemas/assistant";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiTaskExecutions } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { type ActionRequest, describeAction, parseActionRequest, runAction } from "./actions";

/** Spec §9: a saved interaction keeps the prompt cut to 500 characters and the result to 1000. */
const PROMPT_LIMIT = 500;
const RESULT_LIMIT = 1000;

export type Interaction = {
  taskType: string;
  prompt: string;
  result: string;
  provider: string;
  model: string | null;
  tokensUsed?: number;
  conversationId?: string;
  metadata?: Record<string, unknown>;
};

/** ai_task_executions: one row per assistant interaction, also the base of the daily token quota. */
export async function recordInteraction(db: Db, userId: string, interaction: Interaction, now = new Date()) {
  await withTenant(db, userId, (tx) =>
    tx.insert(aiTaskExecutions).values({
      userId,
      taskType: interaction.taskType,
      inputPrompt: interaction.prompt.slice(0, PROMPT_LIMIT),
      outputResult: interaction.result.slice(0, RESULT_LIMIT),
      provider: interaction.provider,
      model: interaction.model,
      tokensUsed: interaction.tokensUsed ?? 0,
      metadata: {
        ...interaction.metadata,
        conversationId: interaction.conversationId ?? null,
        timestamp: now.toISOString(),
        service: interaction.provider,
      },
    }),
  );
}

/**
 * A create action waiting for consent (confirmBeforeAction): stored with its parsed input, so what runs
 * on confirmation is exactly what the user read, whatever the model or the client says afterwards.
 */
export async function proposeAction(
  db: Db,
  userId: string,
  request: ActionRequest,
  conversationId?: string,
): Promise<ActionProposal> {
  return withTenant(db, userId, (tx) => insertProposal(tx, userId, request, conversationId));
}

async function insertProposal(
  tx: Tx,
  userId: string,
  request: ActionRequest,
  conversationId: string | undefined,
): Promise<ActionProposal> {
  const { summary, details } = describeAction(request);
  const [row] = await tx
    .insert(aiTaskExecutions)
    .values({
      userId,
      taskType: "proposal",
      inputPrompt: summary.slice(0, PROMPT_LIMIT),
      provider: "local",
      metadata: {
        action: request.type,
        input: request.input,
        status: "pending",
        conversationId: conversationId ?? null,
      },
    })
    .returning({ id: aiTaskExecutions.id });
  if (!row) throw new Error("proposal insert returned nothing");
  return { id: row.id, type: request.type, summary, details };
}

/** A proposal still waiting for the user's consent, as stored (its input is what would run). */
export type PendingProposal = { id: string; request: ActionRequest; summary: string };

/** How many recent proposals are looked at to find the one a conversation is waiting on. */
const RECENT_PROPOSALS = 10;

/**
 * The proposal a conversation is waiting on: the latest pending one of this conversation or, for a caller
 * that sends no conversation id, the latest pending one whose summary the previous answer showed (the
 * answer's text only points at a stored proposal; what it proposes is read from the database).
 */
export async function findPendingProposal(
  db: Db,
  userId: string,
  { conversationId, lastAnswer }: { conversationId: string; lastAnswer: string },
): Promise<PendingProposal | undefined> {
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({
        id: aiTaskExecutions.id,
        summary: aiTaskExecutions.inputPrompt,
        metadata: aiTaskExecutions.metadata,
      })
      .from(aiTaskExecutions)
      .where(
        and(
          eq(aiTaskExecutions.userId, userId),
          eq(aiTaskExecutions.taskType, "proposal"),
          sql`${aiTaskExecutions.metadata}->>'status' = 'pending'`,
        ),
      )
      .orderBy(desc(aiTaskExecutions.createdAt))
      .limit(RECENT_PROPOSALS),
  );
  const found =
    rows.find((row) => row.metadata.conversationId === conversationId) ??
    rows.find((row) => row.summary && lastAnswer.includes(row.summary));
  if (!found) return undefined;
  const metadata = found.metadata as ProposalMetadata;
  try {
    return {
      id: found.id,
      request: parseActionRequest(metadata.action, metadata.input),
      summary: found.summary ?? "",
    };
  } catch {
    // A proposal stored under an older input shape is left for its own button, not corrected.
    return undefined;
  }
}

/**
 * The corrected proposal in place of the pending one, in one transaction: the old one is marked
 * superseded (its button then says so), so a conversation keeps a single proposal to confirm. Undefined
 * when the old one was settled meanwhile.
 */
export async function replaceProposal(
  db: Db,
  userId: string,
  {
    previousId,
    request,
    conversationId,
  }: { previousId: string; request: ActionRequest; conversationId: string },
): Promise<ActionProposal | undefined> {
  return withTenant(db, userId, async (tx) => {
    const [withdrawn] = await tx
      .update(aiTaskExecutions)
      .set({
        metadata: sql`${aiTaskExecutions.metadata} || ${JSON.stringify({ status: "superseded" })}::jsonb`,
      })
      .where(
        and(
          eq(aiTaskExecutions.id, previousId),
          eq(aiTaskExecutions.userId, userId),
          eq(aiTaskExecutions.taskType, "proposal"),
          sql`${aiTaskExecutions.metadata}->>'status' = 'pending'`,
        ),
      )
      .returning({ id: aiTaskExecutions.id });
    if (!withdrawn) return undefined;
    return insertProposal(tx, userId, request, conversationId);
  });
}

type ProposalMetadata = {
  action: AssistantActionType;
  input: unknown;
  /** "executed": taken by executeAction once confirmed (consent.ts); "superseded": replaced by a correction. */
  status: "pending" | "confirmed" | "cancelled" | "executed" | "superseded";
};

export const PROPOSAL_NOT_FOUND = "Proposition introuvable.";
export const PROPOSAL_SUPERSEDED =
  "Cette proposition a été remplacée par une version corrigée : confirmez la nouvelle.";
const proposalNotFound = () => new AppError("not_found", PROPOSAL_NOT_FOUND);

/** Runs (confirm) or drops (cancel) a pending proposal of this user, once. */
export async function settleProposal(
  db: Db,
  {
    userId,
    id,
    decision,
    appUrl,
    now = new Date(),
  }: { userId: string; id: string; decision: "confirm" | "cancel"; appUrl: string; now?: Date },
): Promise<ActionResult | null> {
  const metadata = await withTenant(db, userId, async (tx) => {
    // Claims the proposal: of two concurrent confirmations, one sees 'pending', the other a settled row.
    const [row] = await tx
      .update(aiTaskExecutions)
      .set({
        metadata: sql`${aiTaskExecutions.metadata} || ${JSON.stringify({ status: decision === "confirm" ? "confirmed" : "cancelled" })}::jsonb`,
      })
      .where(
        and(
          eq(aiTaskExecutions.id, id),
          eq(aiTaskExecutions.userId, userId),
          eq(aiTaskExecutions.taskType, "proposal"),
          sql`${aiTaskExecutions.metadata}->>'status' = 'pending'`,
        ),
      )
      .returning({ metadata: aiTaskExecutions.metadata });
    if (row) return row.metadata as ProposalMetadata;
    const [existing] = await tx
      .select({ metadata: aiTaskExecutions.metadata })
      .from(aiTaskExecutions)
      .where(
        and(
          eq(aiTaskExecutions.id, id),
          eq(aiTaskExecutions.userId, userId),
          eq(aiTaskExecutions.taskType, "proposal"),
        ),
      );
    if (!existing) throw proposalNotFound();
    if (existing.metadata.status === "superseded") throw new AppError("conflict", PROPOSAL_SUPERSEDED);
    throw new AppError("conflict", "Cette action a déjà été confirmée ou annulée.");
  });
  if (decision === "cancel") return null;
  const result = await runAction(db, userId, parseActionRequest(metadata.action, metadata.input), {
    appUrl,
    now,
    permission: { by: "confirmed-proposal", proposalId: id },
  });
  await withTenant(db, userId, (tx) =>
    tx
      .update(aiTaskExecutions)
      .set({ outputResult: result.message.slice(0, RESULT_LIMIT) })
      .where(and(eq(aiTaskExecutions.id, id), eq(aiTaskExecutions.userId, userId))),
  );
  return result;
}
