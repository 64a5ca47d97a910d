/**
 * When the browser's speech recognition fails, when to listen again (issue 31: it restarted at once, 29
 * « Erreur microphone » toasts in 3 s). A failure waits longer each time (1 s, 2 s, 4 s, 8 s), then the
 * microphone is paused; a refusal (permission, language) is not retried. One message per run of failures,
 * saying what to do about that kind of failure.
 */

/** What the user reads: a title and what to do, in French. */
export type RecognitionMessage = { title: string; description: string };

export type RecognitionOutcome =
  /** Listen again after `delayMs`; `message` is shown (once, at the first failure of a run) when set. */
  | { action: "restart"; delayMs: number; message?: RecognitionMessage }
  /** Stop listening: the microphone is paused until the user clicks it. */
  | { action: "pause"; message: RecognitionMessage };

export const RECOGNITION_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;
/** A recognition that listened this long before failing was working: its failure starts a new run. */
export const RECOGNITION_STABLE_MS = 5_000;

const PAUSED = "Le micro est en pause : cliquez sur le micro pour réessayer.";

/** The Web Speech API's error codes, and what the user can do about each. */
const MESSAGES: Record<string, RecognitionMessage> = {
  "not-allowed": {
    title: "Microphone bloqué",
    description:
      "Autorisez le microphone pour ce site dans le navigateur (l'icône à gauche de l'adresse), puis cliquez sur le micro.",
  },
  "audio-capture": {
    title: "Aucun microphone détecté",
    description: "Branchez un micro, ou vérifiez qu'aucune autre application ne l'utilise.",
  },
  network: {
    title: "Reconnaissance vocale injoignable",
    description:
      "La reconnaissance vocale du navigateur passe par Internet : vérifiez votre connexion, ou tapez votre message.",
  },
  "no-speech": {
    title: "Je n'entends rien",
    description: "Vérifiez que le bon micro est choisi et qu'il n'est pas coupé.",
  },
  "language-not-supported": {
    title: "Français non reconnu",
    description:
      "Ce navigateur ne reconnaît pas le français : utilisez Chrome, Edge ou Safari, ou tapez votre message.",
  },
};
MESSAGES["service-not-allowed"] = MESSAGES["not-allowed"] as RecognitionMessage;

/** Errors that trying again cannot fix: the user (or the browser's settings) must act first. */
const REFUSALS = new Set(["not-allowed", "service-not-allowed", "language-not-supported"]);
/** Errors of an ordinary session: silence, or a stop the page asked for. Retried without a word. */
const QUIET = new Set(["no-speech", "aborted"]);

export function recognitionMessage(error: string): RecognitionMessage {
  return (
    MESSAGES[error] ?? {
      title: "Erreur microphone",
      description: `La reconnaissance vocale a échoué (${error}) : réessayez, ou tapez votre message.`,
    }
  );
}

/**
 * One recognition session's retry state: `started` when it starts listening, `heard` on a result,
 * `failed` on its error event, and `ended` on its end event, which says what to do next.
 */
export function createRecognitionBackoff({
  delaysMs = RECOGNITION_RETRY_DELAYS_MS,
  stableMs = RECOGNITION_STABLE_MS,
  now = () => Date.now(),
}: {
  delaysMs?: readonly number[];
  stableMs?: number;
  now?: () => number;
} = {}) {
  let startedAt = now();
  let failures = 0;
  let error: string | null = null;
  return {
    started() {
      startedAt = now();
    },
    heard() {
      failures = 0;
    },
    failed(code: string) {
      error = code;
    },
    ended(): RecognitionOutcome {
      const code = error;
      error = null;
      // Chrome ends a continuous recognition after a silence, without an error: it listens again at once.
      if (code === null) return { action: "restart", delayMs: 0 };
      const wasListening = now() - startedAt >= stableMs;
      if (wasListening) failures = 0;
      // A silence after a while of listening is the ordinary end of a turn, not a failure.
      if (wasListening && QUIET.has(code)) return { action: "restart", delayMs: 0 };
      failures += 1;
      const message = recognitionMessage(code);
      if (REFUSALS.has(code)) return { action: "pause", message };
      const delayMs = delaysMs[failures - 1];
      if (delayMs === undefined)
        return { action: "pause", message: { ...message, description: `${message.description} ${PAUSED}` } };
      return failures === 1 && !QUIET.has(code)
        ? { action: "restart", delayMs, message }
        : { action: "restart", delayMs };
    },
  };
}
