import { z } from "zod";

/**
 * The assistant's wire format (issue 5): what the chat endpoint accepts, the events it streams (one JSON
 * object per line), and the records of what it did. Server and client both read these shapes.
 */

export const assistantActionTypes = [
  "create_invoice",
  "create_quote",
  "create_client",
  "create_expense",
  "create_project",
  "create_task",
  "create_contract",
  "record_payment",
  "schedule_reminders",
  "create_automation",
  "use_integration",
] as const;
export type AssistantActionType = (typeof assistantActionTypes)[number];

/** Which engine answered: the spec's provider order, then the offline French engine. */
export const assistantProviders = ["openai", "openrouter", "local"] as const;
export type AssistantProvider = (typeof assistantProviders)[number];

export const chatMessage = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(20_000, "Message trop long."),
});
export type ChatMessageInput = z.infer<typeof chatMessage>;

export const chatRequest = z.object({
  /** The conversation so far, the user's new message last. The opening greeting is left out by the client. */
  messages: z
    .array(chatMessage)
    .min(1, "Écrivez un message.")
    .max(100, "Conversation trop longue : commencez-en une nouvelle.")
    .refine((messages) => messages.at(-1)?.role === "user", "Le dernier message doit être le vôtre.")
    .refine((messages) => (messages.at(-1)?.content.trim() ?? "") !== "", "Écrivez un message."),
  conversationId: z.string().max(100).optional(),
  /** The model picked in the selector; the engine falls back when its provider is not configured. */
  model: z.string().max(100).optional(),
  /** false in agent mode: create actions run at once instead of being proposed. */
  confirmBeforeAction: z.boolean().default(true),
  /** The page the dialog was opened from (spec §2: projects, quotes, clients…). */
  section: z.string().max(40).optional(),
});
export type ChatRequest = z.input<typeof chatRequest>;

/** A record the assistant created, with the page that shows it. */
export const actionResult = z.object({
  type: z.enum(assistantActionTypes),
  success: z.boolean(),
  message: z.string(),
  data: z.object({ id: z.string(), label: z.string(), link: z.string() }).optional(),
  /**
   * A value the user must copy now (a new API token): shown once under the message, never part of the
   * message, so it is not stored with the execution, kept in the browser's history or sent to a model.
   */
  secret: z.object({ kind: z.enum(["jeton", "secret"]), label: z.string(), value: z.string() }).optional(),
});
export type ActionResult = z.infer<typeof actionResult>;

/** A create action waiting for the user's consent (confirmBeforeAction). */
export const actionProposal = z.object({
  id: z.string(),
  type: z.enum(assistantActionTypes),
  summary: z.string(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ActionProposal = z.infer<typeof actionProposal>;

export const assistantModes = ["idle", "thinking", "executing", "analyzing", "error"] as const;
export type AssistantMode = (typeof assistantModes)[number];

export const chatEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("status"), mode: z.enum(assistantModes), progress: z.number() }),
  z.object({ type: z.literal("text"), delta: z.string() }),
  z.object({ type: z.literal("proposal"), proposal: actionProposal }),
  z.object({ type: z.literal("result"), result: actionResult }),
  z.object({
    type: z.literal("done"),
    conversationId: z.string(),
    isRealAPI: z.boolean(),
    apiProvider: z.enum(assistantProviders),
    model: z.string().nullable(),
  }),
  z.object({ type: z.literal("error"), message: z.string() }),
  /** An engine failed or was too slow and the next one answers: shown to the user, in French. */
  z.object({ type: z.literal("notice"), message: z.string() }),
  /** The text streamed so far came from an engine that then failed: the client drops it. */
  z.object({ type: z.literal("retract") }),
  /**
   * On the voice channel only: what to say aloud instead of the text, a summary of a list the text (and
   * the transcript) shows in full. Sent before the text it sums up.
   */
  z.object({ type: z.literal("speech"), text: z.string() }),
]);
export type ChatEvent = z.infer<typeof chatEvent>;

/** The models usable right now, for the selector. */
export const assistantConfigDto = z.object({
  providers: z.array(z.enum(assistantProviders)),
  availableModels: z.array(z.string()),
  /** Models an OpenAI-compatible server (Ollama, LM Studio…) lists at /v1/models, by their own ids. */
  serverModels: z.array(z.string()).default([]),
});
export type AssistantConfigDto = z.infer<typeof assistantConfigDto>;

/** The document generator (spec §2): a kind and a free-text prompt. */
export const documentKinds = ["quote", "invoice", "contract"] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const BLANK_DOCUMENT_PROMPT = "Veuillez préciser ce que vous souhaitez générer.";

export const generateDocumentInput = z.object({
  kind: z.enum(documentKinds, { error: "Choisissez Devis, Facture ou Contrat." }),
  prompt: z.string({ error: BLANK_DOCUMENT_PROMPT }).trim().min(1, BLANK_DOCUMENT_PROMPT).max(2000),
});
export type GenerateDocumentInput = z.infer<typeof generateDocumentInput>;

/** The draft the generator created, with what its preview shows. */
export const generatedDocument = z.object({
  kind: z.enum(documentKinds),
  id: z.string(),
  number: z.string().nullable(),
  title: z.string(),
  clientName: z.string(),
  totalCents: z.number().int(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPriceCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Where the record lives, and its PDF (downloaded with the session). */
  link: z.string(),
  pdfUrl: z.string(),
  /** The editable accompanying message of the preview's "Message d'email" tab. */
  emailMessage: z.string(),
});
export type GeneratedDocument = z.infer<typeof generatedDocument>;
