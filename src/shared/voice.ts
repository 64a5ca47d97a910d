/**
 * The voice agent's wire constants and French texts (spec "Voice agent socket", §8 and "Voice and timing"),
 * read by the server that speaks and the panel that listens.
 */

export const VOICE_SOCKET_PATH = "/functions/v1/realtime-voice-agent";

/** Spec: 24 000 Hz, 1 channel, 16-bit, processing buffer 4096 samples. */
export const VOICE_SAMPLE_RATE = 24_000;
export const VOICE_CHANNELS = 1;
export const VOICE_BITS = 16;
export const VOICE_BUFFER_SAMPLES = 4096;

/** Spec: 50 stored errors, health window 300 000 ms, second response request after 5000 ms. */
export const VOICE_MAX_ERRORS = 50;
export const VOICE_HEALTH_WINDOW_MS = 300_000;
export const VOICE_SECOND_RESPONSE_DELAY_MS = 5000;

/** At most this much audio in one user turn: 60 s of 24 kHz PCM16. */
export const VOICE_MAX_TURN_SECONDS = 60;
export const VOICE_MAX_TURN_BYTES = VOICE_MAX_TURN_SECONDS * VOICE_SAMPLE_RATE * 2;

/** The events a client may send (a subset of the OpenAI Realtime protocol). */
export const voiceClientEventTypes = [
  "input_audio_buffer.clear",
  "input_audio_buffer.append",
  "input_audio_buffer.commit",
  "response.create",
  "conversation.item.create",
] as const;

export const VOICE_TEXTS = {
  microphoneFailed: "Impossible de démarrer le microphone",
  connectFailed: "Impossible de connecter l'agent vocal",
  microphoneError: "Erreur microphone",
  eventError: (message: string) => `Erreur agent vocal: ${message}`,
  disconnected: "🔌 Agent vocal IA déconnecté",
  connected: "🎙️ Agent vocal IA connecté",
  notConnected: "Agent vocal non connecté",
  openaiUnknown: "Erreur OpenAI inconnue",
  websocketError: "Erreur de connexion WebSocket",
  abnormalClose: (code: number, reason: string) => `Connexion fermée anormalement: ${code} - ${reason}`,
} as const;
