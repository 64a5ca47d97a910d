import { randomUUID } from "node:crypto";
import { upgradeWebSocket } from "@hono/node-server";
import { Hono } from "hono";
import { type AuthVariables, requirePaid, requireUser } from "../auth/session";
import { AppError } from "../errors";
import { trustedOrigins } from "../http/same-origin";
import type { Services } from "../services";
import { createPipelineEngine } from "./pipeline-engine";
import { errorEvent, parseClientEvent, type VoiceEngine, type VoiceSocket } from "./protocol";
import { createRelayEngine } from "./relay-engine";
import { speechServiceSpeaker } from "./speech-services";
import { builtInSpeaker } from "./synthesizer";

/** Sockets one user may hold open at once (a second tab is fine, a loop of reconnections is not). */
export const MAX_SOCKETS_PER_USER = 2;
/** A socket with no message from its client for this long is closed. */
export const VOICE_IDLE_TIMEOUT_MS = 10 * 60_000;

export type VoiceMode = "relay" | "local-speech" | "built-in";

/** Which engine answers, from configuration (printed at start by modes.ts). */
export function voiceMode(env: Services["env"]): VoiceMode {
  if (env.OPENAI_API_KEY) return "relay";
  if (env.STT_URL) return "local-speech";
  return "built-in";
}

/**
 * GET /functions/v1/realtime-voice-agent: the voice agent's WebSocket. Before the upgrade, as on every
 * business route: a live session (401), a paid registration (402), a page of ours (403: a browser always
 * sends Origin on a WebSocket, and cookies go with it, so another site's page must not open one), and at
 * most MAX_SOCKETS_PER_USER sockets (429).
 */
export function voiceRoutes(services: Services, { idleTimeoutMs = VOICE_IDLE_TIMEOUT_MS } = {}) {
  const { env, logger } = services;
  const db = services.database.db;
  const deps = { db, env, logger, analyze: services.readAnalysis };
  const origins = new Set(trustedOrigins(env));
  const open = new Map<string, number>();
  const mode = voiceMode(env);

  return new Hono<{ Variables: AuthVariables }>()
    .use(async (c, next) => {
      const origin = c.req.header("origin");
      if (origin !== undefined && !origins.has(origin))
        throw new AppError("forbidden", "Requête refusée : elle ne provient pas d'une page d'Ardoise.");
      await next();
    })
    .use(requireUser(services.auth, db))
    .use(requirePaid(db, logger))
    .get(
      "/",
      async (c, next) => {
        if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
          throw new AppError("bad_request", "Cette adresse attend une connexion WebSocket.");
        const userId = c.get("user").id;
        if ((open.get(userId) ?? 0) >= MAX_SOCKETS_PER_USER)
          throw new AppError(
            "rate_limited",
            `Deux sessions vocales au plus à la fois : fermez l'agent vocal dans un autre onglet.`,
          );
        await next();
      },
      upgradeWebSocket((c) => {
        const userId = c.get("user").id;
        const confirmBeforeAction = c.req.query("agent") !== "true";
        let engine: VoiceEngine | undefined;
        let idle: NodeJS.Timeout | undefined;
        return {
          onOpen(_event, ws) {
            open.set(userId, (open.get(userId) ?? 0) + 1);
            const socket: VoiceSocket = {
              send: (event) => {
                if (ws.readyState === 1) ws.send(JSON.stringify(event));
              },
              close: (code, reason) => ws.close(code, reason),
            };
            const resetIdle = () => {
              clearTimeout(idle);
              idle = setTimeout(() => {
                socket.send(
                  errorEvent("Session vocale fermée après 10 minutes sans activité.", "idle_timeout"),
                );
                socket.close(1000, "idle");
              }, idleTimeoutMs);
            };
            resetIdle();
            engine = createEngine(socket, userId, confirmBeforeAction);
            // Every message, valid or not, counts as activity; a bad one gets its French error and the
            // socket stays open.
            (ws.raw as { on?: (name: string, listener: () => void) => void } | undefined)?.on?.(
              "message",
              resetIdle,
            );
          },
          onMessage(event, ws) {
            if (typeof event.data !== "string") {
              ws.send(
                JSON.stringify(errorEvent("Message binaire refusé : envoyez du JSON (audio en base64).")),
              );
              return;
            }
            const parsed = parseClientEvent(event.data);
            if ("error" in parsed) ws.send(JSON.stringify(errorEvent(parsed.error)));
            else engine?.receive(parsed.event);
          },
          onClose() {
            clearTimeout(idle);
            engine?.close();
            const count = (open.get(userId) ?? 1) - 1;
            if (count > 0) open.set(userId, count);
            else open.delete(userId);
          },
        };
      }),
    );

  function createEngine(socket: VoiceSocket, userId: string, confirmBeforeAction: boolean): VoiceEngine {
    if (mode === "relay")
      return createRelayEngine({
        deps,
        userId,
        socket,
        apiKey: env.OPENAI_API_KEY as string,
        url: env.OPENAI_REALTIME_URL,
        model: env.OPENAI_REALTIME_MODEL,
        confirmBeforeAction,
      });
    const engine = createPipelineEngine({
      deps,
      userId,
      socket,
      speaker: env.TTS_URL ? speechServiceSpeaker(env.TTS_URL) : builtInSpeaker,
      sttUrl: env.STT_URL,
      confirmBeforeAction,
    });
    socket.send({
      type: "session.created",
      session: {
        id: `sess_${randomUUID()}`,
        object: "realtime.session",
        model: mode === "local-speech" ? "ardoise-local-speech" : "ardoise-built-in",
        modalities: ["text", "audio"],
        input_audio_format: "pcm16",
        output_audio_format: "pcm16",
        // null: this server cannot transcribe audio, the browser's speech recognition (or typing) is the input.
        input_audio_transcription: env.STT_URL ? { model: "whisper-1" } : null,
      },
    });
    return engine;
  }
}
