import { randomUUID } from "node:crypto";
import { parisToday } from "@shared/domain/dates";
import type { ActionProposal, ChatEvent } from "@shared/schemas/assistant";
import type { Tool } from "ai";
import WebSocket from "ws";
import { z } from "zod";
import { AppError } from "../errors";
import { takeAiRequestSlot } from "../modules/ai-proxy/rate-limit";
import { type ChatDeps, readProfile } from "../modules/assistant/chat.service";
import { settleProposal } from "../modules/assistant/executions";
import { buildTools, instructions } from "../modules/assistant/llm-engine";
import type { Turn } from "../modules/assistant/turn";
import {
  actionItemEvent,
  consentOf,
  errorEvent,
  type VoiceClientEvent,
  type VoiceEngine,
  type VoiceSocket,
} from "./protocol";

export const UPSTREAM_FAILED =
  "Le service vocal OpenAI ne répond pas : la session vocale est fermée. Réessayez plus tard.";
const UPSTREAM_ERROR = (message: string) => `Le service vocal OpenAI a signalé une erreur : ${message}`;
const RATE_LIMITED = (seconds: number) => `Trop de demandes à l'assistant : réessayez dans ${seconds} s.`;

const VOICE_INSTRUCTIONS = [
  "Tu parles à voix haute : phrases courtes, pas de markdown, pas de liens ni d'adresses, les montants en euros dits en toutes lettres.",
  "Une liste ne se lit pas à voix haute : dis combien il y a d'éléments et leur total, cite le plus important (la facture la plus ancienne en retard, la plus grosse), puis propose la suite (« Voulez-vous que je les détaille ? », « Voulez-vous que je prépare les relances ? ») ; vingt secondes de parole au plus.",
  "Quand une création attend la confirmation, demande « Je le fais ? » : l'utilisateur confirme en disant « oui, vas-y » ou avec le bouton affiché.",
].join("\n");

export type RelayOptions = {
  deps: ChatDeps;
  userId: string;
  socket: VoiceSocket;
  apiKey: string;
  url: string;
  model: string;
  confirmBeforeAction: boolean;
};

/**
 * OpenAI Realtime mode: the client's events are relayed to OPENAI_REALTIME_URL, authenticated with the
 * server's key (it never reaches the browser), and the upstream events relayed back. The session is set up
 * here, not by the client: French instructions with the user's profile and today's date, voice activity
 * detection, input transcription, and the assistant's tools, which this server executes for the session's
 * user with the chat's ownership and consent rules (a creation is a proposal until the user says yes).
 */
export function createRelayEngine({
  deps,
  userId,
  socket,
  apiKey,
  url,
  model,
  confirmBeforeAction,
}: RelayOptions): VoiceEngine {
  const target = new URL(url);
  target.searchParams.set("model", model);
  const upstream = new WebSocket(target, {
    headers: { Authorization: `Bearer ${apiKey}`, "OpenAI-Beta": "realtime=v1" },
  });
  const waiting: object[] = [];
  let isClosed = false;
  let isReady = false;
  let proposal: ActionProposal | null = null;
  const conversationId = randomUUID();
  let order: Promise<void> = Promise.resolve();

  const toClient = (event: object) => {
    if (!isClosed) socket.send(event);
  };
  const toUpstream = (event: object) => {
    if (isReady && upstream.readyState === WebSocket.OPEN) upstream.send(JSON.stringify(event));
    else waiting.push(event);
  };
  const emit = (event: ChatEvent) => {
    const item = actionItemEvent(event);
    if (event.type === "proposal") proposal = event.proposal;
    if (item) toClient(item);
  };

  const turn = (): Turn => ({
    db: deps.db,
    userId,
    now: new Date(),
    appUrl: deps.env.appUrl,
    confirmBeforeAction,
    conversationId,
    emit,
    analyze: () => deps.analyze(userId),
  });
  // One tool set per response: the chat's cap on creations per message applies per spoken answer.
  let tools = buildTools(turn());

  const failUpstream = (error?: unknown) => {
    if (isClosed) return;
    if (error) deps.logger.warn({ err: error }, "OpenAI Realtime upstream failed");
    toClient(errorEvent(UPSTREAM_FAILED, "upstream_failed"));
    socket.close(1011, "upstream");
  };

  upstream.on("open", async () => {
    try {
      const profile = await readProfile(deps.db, userId);
      upstream.send(
        JSON.stringify({
          type: "session.update",
          session: {
            modalities: ["text", "audio"],
            instructions: `${instructions(profile, parisToday(new Date()))}\n${VOICE_INSTRUCTIONS}`,
            voice: "alloy",
            input_audio_format: "pcm16",
            output_audio_format: "pcm16",
            input_audio_transcription: { model: "whisper-1", language: "fr" },
            turn_detection: { type: "server_vad" },
            tools: Object.entries(tools).map(([name, definition]) => realtimeTool(name, definition)),
            tool_choice: "auto",
          },
        }),
      );
      isReady = true;
      for (const event of waiting.splice(0)) upstream.send(JSON.stringify(event));
    } catch (error) {
      failUpstream(error);
    }
  });
  upstream.on("message", (data) => {
    let event: { type?: string; [key: string]: unknown };
    try {
      event = JSON.parse(data.toString());
    } catch {
      return;
    }
    void onUpstreamEvent(event).catch((error: unknown) => {
      deps.logger.error({ err: error }, "voice relay event failed");
      toClient(errorEvent("Une action de l'agent vocal a échoué : réessayez.", "tool_failed"));
    });
  });
  upstream.on("error", failUpstream);
  upstream.on("unexpected-response", (_request, response) =>
    failUpstream(new Error(`upstream answered ${response.statusCode}`)),
  );
  upstream.on("close", (code) => {
    if (code !== 1000) failUpstream(new Error(`upstream closed ${code}`));
    else if (!isClosed) socket.close(1000, "upstream closed");
  });

  async function onUpstreamEvent(event: { type?: string; [key: string]: unknown }) {
    switch (event.type) {
      case "session.created":
        // The session is configured by this server with input transcription: the client streams its microphone.
        toClient({
          ...event,
          session: { ...(event.session as object), input_audio_transcription: { model: "whisper-1" } },
        });
        return;
      case "response.created":
        tools = buildTools(turn());
        toClient(event);
        return;
      case "response.function_call_arguments.done":
        await callTool(event as { call_id: string; name: string; arguments: string });
        return;
      case "conversation.item.input_audio_transcription.completed": {
        toClient(event);
        const decision = proposal ? consentOf(String(event.transcript ?? "")) : null;
        if (proposal && decision) await settleByVoice(proposal, decision);
        return;
      }
      case "error": {
        const message = (event.error as { message?: unknown } | undefined)?.message;
        toClient(
          errorEvent(
            UPSTREAM_ERROR(typeof message === "string" ? message : "erreur inconnue"),
            "upstream_error",
          ),
        );
        return;
      }
      default:
        toClient(event);
    }
  }

  async function callTool({
    call_id,
    name,
    arguments: args,
  }: {
    call_id: string;
    name: string;
    arguments: string;
  }) {
    const definition = tools[name] as Tool<unknown, unknown> | undefined;
    let output: unknown;
    if (!definition?.execute) output = { statut: "échec", raison: `Outil inconnu : ${name}` };
    else {
      try {
        output = await definition.execute(JSON.parse(args || "{}"), { toolCallId: call_id, messages: [] });
      } catch (error) {
        output = {
          statut: "échec",
          raison: error instanceof z.ZodError ? error.issues[0]?.message : "Demande invalide.",
        };
      }
    }
    toUpstream({
      type: "conversation.item.create",
      item: { type: "function_call_output", call_id, output: JSON.stringify(output) },
    });
    toUpstream({ type: "response.create" });
  }

  /** The user said yes (or no) aloud to the pending proposal: settled here, then the model says so. */
  async function settleByVoice(pending: ActionProposal, decision: "confirm" | "cancel") {
    proposal = null;
    let said: string;
    try {
      const result = await settleProposal(deps.db, {
        userId,
        id: pending.id,
        decision,
        appUrl: deps.env.appUrl,
      });
      if (result) emit({ type: "result", result });
      said = result
        ? `Action confirmée par l'utilisateur : ${result.message}`
        : "L'utilisateur a annulé l'action proposée.";
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      said = error.message;
    }
    toUpstream({
      type: "conversation.item.create",
      item: { type: "message", role: "system", content: [{ type: "input_text", text: said }] },
    });
  }

  return {
    receive(event: VoiceClientEvent) {
      // Events keep their order even when one waits for the rate limit below.
      order = order.then(async () => {
        if (event.type === "response.create" || event.type === "conversation.item.create") {
          // Each request may make the model spend tokens: the assistant's per-minute limit applies.
          const slot = await takeAiRequestSlot(deps.db, userId);
          if (!slot.isAllowed) {
            toClient(errorEvent(RATE_LIMITED(slot.retryAfterSeconds), "rate_limited"));
            return;
          }
        }
        toUpstream(event);
      });
    },
    close() {
      isClosed = true;
      if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING)
        upstream.close(1000);
    },
  };
}

/** An AI SDK tool as a Realtime function tool: name, description and its input as JSON Schema. */
function realtimeTool(name: string, definition: ToolSet[string]) {
  return {
    type: "function",
    name,
    description: definition.description ?? name,
    parameters: z.toJSONSchema(definition.inputSchema as z.ZodType, { io: "input", unrepresentable: "any" }),
  };
}
type ToolSet = ReturnType<typeof buildTools>;
