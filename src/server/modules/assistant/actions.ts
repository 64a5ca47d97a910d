import type { ActionResult, AssistantActionType } from "@shared/schemas/assistant";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { ActionContext, ActionDefinition, Description } from "./actions/common";
import { createAutomation } from "./actions/create-automation";
import { createClient } from "./actions/create-client";
import { createContract } from "./actions/create-contract";
import { createExpense } from "./actions/create-expense";
import { createInvoice } from "./actions/create-invoice";
import { createProject } from "./actions/create-project";
import { createQuote } from "./actions/create-quote";
import { createTask } from "./actions/create-task";
import { recordPayment } from "./actions/record-payment";
import { scheduleReminders } from "./actions/schedule-reminders";
import { useIntegration } from "./actions/use-integration";

/**
 * Everything the assistant may write, and nothing else: no action deletes, sends or issues. The model's
 * tools, the offline engine, the confirmation endpoint and the document generator all go through this
 * registry, with the user id of the session, never one from a prompt. Inputs are parsed again here whoever
 * produced them, and resolved against the user's own data before anything is proposed or run.
 */
export const assistantActions = {
  create_invoice: createInvoice,
  create_quote: createQuote,
  create_client: createClient,
  create_expense: createExpense,
  create_project: createProject,
  create_task: createTask,
  create_contract: createContract,
  record_payment: recordPayment,
  schedule_reminders: scheduleReminders,
  create_automation: createAutomation,
  use_integration: useIntegration,
} satisfies { [T in AssistantActionType]: unknown };

export type ActionInput<T extends AssistantActionType> = z.infer<(typeof assistantActions)[T]["input"]>;
export type ActionRequest = {
  [T in AssistantActionType]: { type: T; input: ActionInput<T> };
}[AssistantActionType];
export type { ActionContext } from "./actions/common";
// The document generator acts at once and names its client the same way.
export { resolveClient } from "./actions/resolve";

// The registry's entries seen through their common shape: the request's type picks the entry, its input
// was parsed by that entry's schema.
type AnyAction = ActionDefinition<z.ZodType<object>>;
const entry = (type: AssistantActionType) => assistantActions[type] as unknown as AnyAction;

/** Parses an untrusted request (model output, stored proposal, API body); French issues on failure. */
export function parseActionRequest(type: AssistantActionType, input: unknown): ActionRequest {
  return { type, input: entry(type).input.parse(input) } as ActionRequest;
}

/** The French lines a proposal shows before the user consents. */
export function describeAction(request: ActionRequest): Description {
  return entry(request.type).describe(request.input);
}

/** Whether the action waits for the user's "Confirmer": always for money facts, else unless in agent mode. */
export function needsConsent(type: AssistantActionType, confirmBeforeAction: boolean): boolean {
  return confirmBeforeAction || entry(type).consent === "always";
}

/**
 * The request resolved against the user's data (see actions/resolve.ts), or the French question to ask
 * instead: every engine calls this before proposing or running, so none guesses a client.
 */
export async function prepareAction(
  context: ActionContext,
  request: ActionRequest,
): Promise<{ request: ActionRequest; question?: undefined } | { question: string; request?: undefined }> {
  const { prepare } = entry(request.type);
  if (!prepare) return { request };
  const prepared = await prepare(context, request.input);
  if (prepared.question !== undefined) return { question: prepared.question };
  return { request: { type: request.type, input: prepared.input } as ActionRequest };
}

/** Runs a prepared request. Failures come back as an unsuccessful result, never as a throw. */
export async function executeAction(context: ActionContext, request: ActionRequest): Promise<ActionResult> {
  const action = entry(request.type);
  try {
    return { type: request.type, ...(await action.run(context, request.input)) };
  } catch (error) {
    return { type: request.type, success: false, message: failureMessage(error) ?? action.failure };
  }
}

function failureMessage(error: unknown): string | undefined {
  if (error instanceof z.ZodError) return error.issues[0]?.message;
  if (error instanceof AppError) return error.message;
  return undefined;
}

/**
 * Prepares then runs, for callers that act on a request already consented to (a confirmed proposal,
 * checked anew: its client may have been created or deleted since) or that act at once (the generator).
 */
export async function runAction(
  db: Db,
  userId: string,
  request: ActionRequest,
  { appUrl, now = new Date() }: { appUrl: string; now?: Date },
): Promise<ActionResult> {
  const context = { db, userId, appUrl, now };
  const prepared = await prepareAction(context, request).catch((error: unknown) => {
    const message = failureMessage(error);
    if (message === undefined) throw error;
    return { question: message };
  });
  if (prepared.question !== undefined)
    return { type: request.type, success: false, message: prepared.question };
  return executeAction(context, prepared.request);
}
