import { randomUUID } from "node:crypto";
import { upgradeWebSocket } from "@hono/node-server";
import { Hono } from "hono";
import { type AuthVariables, requirePaid, requireUser } from "../auth/session";
import { AppError } from "../errors";
import { trustedOrigins } from "../http/same-origin";
import { releaseSlot, renewSlots, SLOT_RENEW_MS, takeSlot } from "../security/leased-slots";
import { takeRateLimitSlot } from "../security/rate-limit";
import type { Services } from "../services";
import { inboundBudget } from "./inbound-budget";
import { createPipelineEngine } from "./pipeline-engine";
import { errorEvent, parseClientEvent, type VoiceEngine, type VoiceSocket } from "./protocol";
import { createRelayEngine } from "./relay-engine";
import { speechServiceSpeaker } from "./speech-services";
import { builtInSpeaker } from "./synthesizer";

/** Sockets one user may hold open at once (a second tab is fine, a loop of reconnections is not). */
export const MAX_SOCKETS_PER_USER = 2;
/** A socket with no message from its client for this long is closed. */
export const VOICE_IDLE_TIMEOUT_MS = 10 * 60_000;
/** A slot taken before the upgrade whose socket never opened (the client went away) is given back then. */
const UPGRADE_TIMEOUT_MS = 10_000;

/**
 * Voice sessions one user may open per minute, across instances (database). A socket's inbound budget starts
 * full: without this, a client reconnecting in a loop got a fresh burst of turns each time (issue 26 bench).
 */
export const VOICE_CONNECTIONS_PER_MINUTE = 12;
export const TOO_MANY_SOCKETS =
  "Deux sessions vocales au plus à la fois : fermez l'agent vocal dans un autre onglet.";
export const TOO_MANY_MESSAGES =
  "Trop de messages envoyés à l'agent vocal : la session est fermée. Reconnectez-vous dans un instant.";
const SESSION_LAPSED =
  "Session vocale interrompue : le serveur l'a perdue de vue trop longtemps. Reconnectez-vous.";

type VoiceVariables = AuthVariables & { voiceSessionId: string };

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
 * most MAX_SOCKETS_PER_USER sockets (429), counted in the database across instances (security/leased-slots.ts).
 * Once open, a socket that sends more than its inbound budget gets a French error and is closed (1008).
 */
export function voiceRoutes(services: Services, { idleTimeoutMs = VOICE_IDLE_TIMEOUT_MS } = {}) {
  const { env, logger } = services;
  const db = services.database.db;
  const deps = { db, env, logger, analyze: services.readAnalysis };
  const origins = new Set(trustedOrigins(env));
  const mode = voiceMode(env);
  const leases = sessionLeases(services);

  return new Hono<{ Variables: VoiceVariables }>()
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
        const slot = await takeRateLimitSlot(db, {
          key: `voice-connect:${c.get("user").id}`,
          limit: VOICE_CONNECTIONS_PER_MINUTE,
          windowMs: 60_000,
        });
        if (!slot.isAllowed)
          throw new AppError(
            "rate_limited",
            `Trop de connexions à l'agent vocal en une minute : réessayez dans ${slot.retryAfterSeconds} s.`,
            undefined,
            { retryAfterSeconds: slot.retryAfterSeconds },
          );
        const sessionId = await takeSlot(db, {
          userId: c.get("user").id,
          kind: "voice",
          max: MAX_SOCKETS_PER_USER,
        });
        if (!sessionId) throw new AppError("rate_limited", TOO_MANY_SOCKETS);
        c.set("voiceSessionId", sessionId);
        leases.awaitOpen(sessionId);
        await next();
      },
      upgradeWebSocket((c) => {
        const userId = c.get("user").id;
        const sessionId = c.get("voiceSessionId");
        const confirmBeforeAction = c.req.query("agent") !== "true";
        const budget = inboundBudget();
        let engine: VoiceEngine | undefined;
        let idle: NodeJS.Timeout | undefined;
        let isRefusing = false;
        return {
          onOpen(_event, ws) {
            const socket: VoiceSocket = {
              send: (event) => {
                if (ws.readyState === 1) ws.send(JSON.stringify(event));
              },
              close: (code, reason) => ws.close(code, reason),
            };
            leases.opened(sessionId, () => {
              socket.send(errorEvent(SESSION_LAPSED, "session_expired"));
              socket.close(1011, "session lapsed");
            });
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
            if (isRefusing) return;
            // Closed rather than slowed: a client past a budget several times the real-time stream's is
            // not streaming speech, and every frame it sends meanwhile would still have to be read.
            const refuse = () => {
              isRefusing = true;
              ws.send(JSON.stringify(errorEvent(TOO_MANY_MESSAGES, "rate_limited")));
              ws.close(1008, "rate limited");
              engine?.close();
            };
            const size = typeof event.data === "string" ? event.data.length : byteLengthOf(event.data);
            if (!budget.admit(size)) return refuse();
            if (typeof event.data !== "string") {
              ws.send(
                JSON.stringify(errorEvent("Message binaire refusé : envoyez du JSON (audio en base64).")),
              );
              return;
            }
            const parsed = parseClientEvent(event.data);
            if ("error" in parsed) ws.send(JSON.stringify(errorEvent(parsed.error)));
            else if (!budget.admitEvent(parsed.event)) refuse();
            else engine?.receive(parsed.event);
          },
          onClose() {
            clearTimeout(idle);
            engine?.close();
            leases.closed(sessionId);
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
      speaker: env.TTS_URL ? speechServiceSpeaker(env.TTS_URL) : builtInSpeaker(userId),
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

/** The size of a binary frame, whatever form `ws` hands it in. */
function byteLengthOf(data: unknown): number {
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  if (Array.isArray(data)) return data.reduce((sum: number, part: Buffer) => sum + part.byteLength, 0);
  if (data instanceof Blob) return data.size;
  return 0;
}

/**
 * This instance's voice session rows: each slot taken before an upgrade is given back if its socket never
 * opens, renewed while it is open (one statement for all of them), deleted when it closes. A socket whose
 * row lapsed and was taken by another socket meanwhile (this process stalled past the lease) is closed.
 */
function sessionLeases({ database, logger }: Pick<Services, "database" | "logger">) {
  const { db } = database;
  const live = new Map<string, () => void>();
  const waiting = new Map<string, NodeJS.Timeout>();
  let renewing: NodeJS.Timeout | undefined;

  const release = (id: string) =>
    releaseSlot(db, id).catch((error: unknown) =>
      logger.warn({ err: error, voiceSessionId: id }, "voice session row not deleted; it will lapse"),
    );
  const renew = async () => {
    const ids = [...live.keys()];
    const held = await renewSlots(db, ids).catch((error: unknown) => {
      logger.warn({ err: error }, "voice sessions not renewed");
      return new Set(ids);
    });
    for (const id of ids) if (!held.has(id)) live.get(id)?.();
  };

  return {
    awaitOpen(id: string) {
      const timer = setTimeout(() => {
        waiting.delete(id);
        void release(id);
      }, UPGRADE_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, timer);
    },
    opened(id: string, onLapsed: () => void) {
      clearTimeout(waiting.get(id));
      waiting.delete(id);
      live.set(id, onLapsed);
      if (!renewing) {
        renewing = setInterval(() => void renew(), SLOT_RENEW_MS);
        renewing.unref();
      }
    },
    closed(id: string) {
      live.delete(id);
      void release(id);
      if (live.size === 0) {
        clearInterval(renewing);
        renewing = undefined;
      }
    },
  };
}
