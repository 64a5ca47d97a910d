import { ApiError, SERVER_UNREACHABLE_MESSAGE } from "@client/lib/api-error";
import { isErrorBody } from "@shared/errors";
import type { ChatEvent, ChatRequest } from "@shared/schemas/assistant";
import { readEvents } from "./read-events";

export const CHAT_ERROR_MESSAGE = "Une erreur est survenue lors du traitement de votre demande.";

/**
 * POST /api/assistant/chat: the answer arrives as events while it is written, so this is a plain fetch
 * read as a stream rather than apiFetch (which waits for one JSON body). Errors before the stream starts
 * come back in the house shape and are thrown as ApiError, like everywhere else.
 */
export async function* streamChat(request: ChatRequest, signal?: AbortSignal): AsyncGenerator<ChatEvent> {
  let response: Response;
  try {
    response = await fetch("/api/assistant/chat", {
      method: "POST",
      credentials: "same-origin",
      signal,
      headers: { accept: "application/x-ndjson", "content-type": "application/json" },
      body: JSON.stringify(request),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "unavailable", SERVER_UNREACHABLE_MESSAGE);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body))
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.issues);
    throw new ApiError(
      response.status,
      response.status >= 500 ? "internal" : "bad_request",
      CHAT_ERROR_MESSAGE,
    );
  }
  if (!response.body) throw new ApiError(response.status, "internal", "Réponse inattendue du serveur.");
  yield* readEvents(response.body);
}
