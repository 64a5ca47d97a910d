import { VOICE_HEALTH_WINDOW_MS, VOICE_MAX_ERRORS } from "@shared/voice";

export type VoiceErrorType = "openai" | "websocket" | "message_processing" | "connection" | "microphone";

/** Spec §3: the voice agent's diagnostic record. */
export type VoiceDiagnostics = {
  microphone: {
    available: boolean;
    permissions: "granted" | "denied" | "prompt" | "unknown";
    error: string | null;
  };
  websocket: { connected: boolean; url: string; lastConnected: string | null };
  openai: { sessionActive: boolean; lastResponse: string | null };
  errors: { timestamp: string; type: VoiceErrorType; message: string }[];
};

export const initialDiagnostics = (url: string): VoiceDiagnostics => ({
  microphone: { available: false, permissions: "unknown", error: null },
  websocket: { connected: false, url, lastConnected: null },
  openai: { sessionActive: false, lastResponse: null },
  errors: [],
});

/** Newest first, the last 50 kept (spec §8). */
export function withError(
  diagnostics: VoiceDiagnostics,
  type: VoiceErrorType,
  message: string,
  now = new Date(),
): VoiceDiagnostics {
  return {
    ...diagnostics,
    errors: [{ timestamp: now.toISOString(), type, message }, ...diagnostics.errors].slice(
      0,
      VOICE_MAX_ERRORS,
    ),
  };
}

/** Spec: healthy only when connected, with an active session, and no error in the last 5 minutes. */
export function isVoiceHealthy(diagnostics: VoiceDiagnostics, now = Date.now()): boolean {
  const hasRecentError = diagnostics.errors.some(
    (error) => now - Date.parse(error.timestamp) < VOICE_HEALTH_WINDOW_MS,
  );
  return diagnostics.websocket.connected && diagnostics.openai.sessionActive && !hasRecentError;
}
