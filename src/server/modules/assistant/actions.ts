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
import { alwaysNeedsConfirmation, CONSENT_REQUIRED, isAllowed, type Permission } from "./consent";

/**
 * Everything the assistant may write, and nothing else: no action deletes, and none sends, pays or reaches
 * outside Ardoise without the user's own confirmation (each entry's consent). The model's tools, the offline
 * engine, the voice agent, the confirmation endpoint and the document generator all go through this
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
export type { Permission } from "./consent";

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

/**
 * Whether the action waits for the user's « Confirmer »: when they asked to confirm (the default), and in
 * every mode for what creates a credential, shows a secret, reaches outside, e-mails or moves money.
 */
export function needsConsent(type: AssistantActionType, confirmBeforeAction: boolean): boolean {
  return confirmBeforeAction || alwaysNeedsConfirmation(entry(type).consent);
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

/** What the user must still say before the prepared `request` is proposed or run in agent mode. */
export function questionBeforeProposal(request: ActionRequest): string | undefined {
  const { ask } = entry(request.type);
  return ask?.(request.input as never);
}

/**
 * Runs a prepared request: the one place where an action executes, so its consent is checked here whoever
 * asks (the chat's engines, the voice agent, the confirmation endpoint, the generator). Failures, a missing
 * consent included, come back as an unsuccessful result, never as a throw.
 */
export async function executeAction(
  context: ActionContext,
  request: ActionRequest,
  permission: Permission,
): Promise<ActionResult> {
  const action = entry(request.type);
  const { db, userId } = context;
  if (!(await isAllowed(db, { userId, type: request.type, consent: action.consent, permission })))
    return { type: request.type, success: false, message: CONSENT_REQUIRED };
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
  { appUrl, now = new Date(), permission }: { appUrl: string; now?: Date; permission: Permission },
): Promise<ActionResult> {
  const context = { db, userId, appUrl, now };
  const prepared = await prepareAction(context, request).catch((error: unknown) => {
    const message = failureMessage(error);
    if (message === undefined) throw error;
    return { question: message };
  });
  if (prepared.question !== undefined)
    return { type: request.type, success: false, message: prepared.question };
  return executeAction(context, prepared.request, permission);
}
