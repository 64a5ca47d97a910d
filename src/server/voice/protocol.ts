import type { ChatEvent } from "@shared/schemas/assistant";
import { VOICE_MAX_TURN_BYTES, voiceClientEventTypes } from "@shared/voice";
import { z } from "zod";

/** What a client may send: the spec's subset of the OpenAI Realtime events, extra fields ignored. */
export const voiceClientEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("input_audio_buffer.clear") }),
  z.object({
    type: z.literal("input_audio_buffer.append"),
    // base64 is 4/3 of the bytes: one append never holds more than a whole turn.
    audio: z
      .string()
      .max(Math.ceil((VOICE_MAX_TURN_BYTES * 4) / 3), "Morceau audio trop long.")
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Audio invalide : base64 attendu."),
  }),
  z.object({ type: z.literal("input_audio_buffer.commit") }),
  z.object({ type: z.literal("response.create") }),
  z.object({
    type: z.literal("conversation.item.create"),
    item: z.object(
      {
        type: z.literal("message"),
        role: z.literal("user"),
        content: z
          .array(
            z.object({
              type: z.literal("input_text"),
              text: z
                .string()
                .trim()
                .min(1, "Message vide.")
                .max(2000, "Message trop long (2000 caractères au plus)."),
            }),
          )
          .min(1, "Message vide."),
      },
      { error: "Élément attendu : un message de l'utilisateur avec du texte (input_text)." },
    ),
  }),
]);
export type VoiceClientEvent = z.infer<typeof voiceClientEvent>;

/** The socket's error event, in the Realtime protocol's shape, with a French message. */
/**
 * A proposal or a result of the assistant's actions, as the Realtime item the panel shows in the transcript
 * (with its Confirmer button for a proposal); null for any other chat event.
 */
export function actionItemEvent(event: ChatEvent) {
  if (event.type === "proposal")
    return {
      type: "response.output_item.done",
      item: {
        type: "function_call",
        call_id: event.proposal.id,
        name: event.proposal.type,
        status: "proposed",
      },
      proposal: event.proposal,
    };
  if (event.type === "result")
    return {
      type: "response.output_item.done",
      item: { type: "function_call_output", name: event.result.type, status: "completed" },
      result: event.result,
    };
  return null;
}

export function errorEvent(message: string, code = "invalid_request") {
  return { type: "error", error: { type: "invalid_request_error", code, message } } as const;
}

/** A client message read, or the French reason it cannot be. */
export function parseClientEvent(raw: string): { event: VoiceClientEvent } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { error: "Message illisible : un objet JSON est attendu." };
  }
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type !== "string") return { error: "Message sans type : le champ « type » est requis." };
  if (!(voiceClientEventTypes as readonly string[]).includes(type))
    return { error: `Type de message inconnu : « ${type.slice(0, 60)} ».` };
  const parsed = voiceClientEvent.safeParse(json);
  if (!parsed.success) return { error: `Message invalide : ${parsed.error.issues[0]?.message ?? type}` };
  return { event: parsed.data };
}

/** A voice engine behind the socket: it receives the client's events and sends its own. */
export type VoiceEngine = { receive: (event: VoiceClientEvent) => void; close: () => void };

export type VoiceSocket = {
  send: (event: object) => void;
  /** Closes the client's socket (the route then calls the engine's close). */
  close: (code: number, reason: string) => void;
};

/** The words a user says to accept or refuse a pending proposal ("oui, vas-y", "non, annule"). */
export function consentOf(text: string): "confirm" | "cancel" | null {
  const words = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z' -]/g, " ")
    .trim();
  if (/^(non|annule|annuler|laisse tomber|pas maintenant|surtout pas|stop)\b/.test(words)) return "cancel";
  if (
    /^(oui|ouais|vas-y|vas y|d'accord|daccord|ok|okay|confirme|je confirme|c'est bon|parfait|allez|go|valide)\b/.test(
      words,
    ) &&
    !/\b(mais|sauf|plutot|change|modifie)\b/.test(words)
  )
    return "confirm";
  return null;
}
