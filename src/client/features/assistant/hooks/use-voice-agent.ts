import type { ActionProposal, ActionResult } from "@shared/schemas/assistant";
import {
  VOICE_SAMPLE_RATE,
  VOICE_SECOND_RESPONSE_DELAY_MS,
  VOICE_SOCKET_PATH,
  VOICE_TEXTS,
} from "@shared/voice";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
// Emitted as its own file even though it is small: inlined as a data: URL, the worklet would be refused by
// the Content-Security-Policy (script-src 'self'), and the microphone would never start.
import captureWorkletUrl from "../lib/pcm-capture-worklet.js?url&no-inline";
import { createRecognitionBackoff, type RecognitionMessage } from "../lib/recognition-backoff";
import { bytesToBase64, createPlaybackQueue } from "../lib/voice-audio";
import {
  initialDiagnostics,
  isVoiceHealthy,
  type VoiceDiagnostics,
  type VoiceErrorType,
  withError,
} from "../lib/voice-diagnostics";

export type VoiceEntry = {
  id: string;
  sender: "user" | "agent" | "system";
  text: string;
  /** Said aloud (the 'Vocal' badge) rather than typed. */
  isAudio: boolean;
  at: Date;
  proposal?: ActionProposal;
  result?: ActionResult;
};

type ServerEvent = { type: string; [field: string]: unknown };

/** Microphone loudness (RMS of a 4096-sample buffer) above which the user is speaking over the agent. */
const BARGE_IN_RMS = 0.04;

type SpeechRecognitionLike = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: {
        results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
        resultIndex: number;
      }) => void)
    | null;
  onspeechstart: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
};
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechRecognitionConstructor | undefined {
  const scope = window as unknown as Record<string, SpeechRecognitionConstructor | undefined>;
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

const socketUrl = (isAgentMode: boolean) => {
  const url = new URL(VOICE_SOCKET_PATH, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (isAgentMode) url.searchParams.set("agent", "true");
  return url.toString();
};

/**
 * The voice session (spec "Voice session"): the socket, the microphone (an AudioWorklet streaming 24 kHz
 * PCM16 when the server transcribes, else the browser's speech recognition), the playback queue, the
 * transcript and the diagnostic record.
 */
export function useVoiceAgent({ isAgentMode }: { isAgentMode: boolean }) {
  const [isConnected, setIsConnected] = useState(false);
  const [isRecording, setIsRecording] = useState(false);
  const [isSpeaking, setIsSpeaking] = useState(false);
  const [entries, setEntries] = useState<VoiceEntry[]>([]);
  /** Why the browser's speech recognition stopped hearing, and what to do: shown in the panel. */
  const [microphoneProblem, setMicrophoneProblem] = useState<RecognitionMessage | null>(null);
  const [diagnostics, setDiagnostics] = useState<VoiceDiagnostics>(() =>
    initialDiagnostics(VOICE_SOCKET_PATH),
  );
  const socket = useRef<WebSocket | null>(null);
  const playback = useRef(createPlaybackQueue());
  const microphone = useRef<{ stop: () => void } | null>(null);
  const serverTranscribes = useRef(false);
  const isSpeakingRef = useRef(false);
  const audioDeltas = useRef(0);
  const secondRequest = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const logError = useCallback((type: VoiceErrorType, message: string) => {
    setDiagnostics((current) => withError(current, type, message));
  }, []);
  const addEntry = useCallback((entry: Omit<VoiceEntry, "id" | "at">) => {
    setEntries((current) => [...current, { ...entry, id: crypto.randomUUID(), at: new Date() }]);
  }, []);
  const send = useCallback((event: object) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(event));
  }, []);
  const setSpeaking = useCallback((value: boolean) => {
    isSpeakingRef.current = value;
    setIsSpeaking(value);
  }, []);
  /** Barge-in: the user speaks, the agent's audio is cut. */
  const interrupt = useCallback(() => {
    if (!isSpeakingRef.current) return;
    playback.current.stop();
    setSpeaking(false);
  }, [setSpeaking]);

  const sendText = useCallback(
    (text: string, isAudio = false) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      if (socket.current?.readyState !== WebSocket.OPEN) {
        toast.error(VOICE_TEXTS.notConnected);
        return;
      }
      interrupt();
      addEntry({ sender: "user", text: trimmed, isAudio });
      send({
        type: "conversation.item.create",
        item: { type: "message", role: "user", content: [{ type: "input_text", text: trimmed }] },
      });
      send({ type: "response.create" });
    },
    [addEntry, interrupt, send],
  );

  const stopRecording = useCallback(() => {
    if (!microphone.current) return;
    microphone.current.stop();
    microphone.current = null;
    setIsRecording(false);
    if (!serverTranscribes.current) return;
    // Spec: stopping commits the audio and asks for a response, then asks again 5 s later.
    send({ type: "input_audio_buffer.commit" });
    send({ type: "response.create" });
    clearTimeout(secondRequest.current);
    secondRequest.current = setTimeout(
      () => send({ type: "response.create" }),
      VOICE_SECOND_RESPONSE_DELAY_MS,
    );
  }, [send]);

  const startRecording = useCallback(async () => {
    // Spec: recording starts only if connected and not already recording.
    if (socket.current?.readyState !== WebSocket.OPEN || microphone.current) return;
    setMicrophoneProblem(null);
    try {
      if (serverTranscribes.current) microphone.current = await streamMicrophone();
      else microphone.current = recogniseSpeech();
      setIsRecording(true);
      setDiagnostics((current) => ({
        ...current,
        microphone: { available: true, permissions: "granted", error: null },
      }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(VOICE_TEXTS.microphoneFailed, { description: message });
      logError("microphone", message);
      setDiagnostics((current) => ({
        ...current,
        microphone: {
          available: false,
          permissions:
            error instanceof DOMException && error.name === "NotAllowedError" ? "denied" : "unknown",
          error: message,
        },
      }));
    }

    async function streamMicrophone() {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      });
      const context = new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
      await context.audioWorklet.addModule(captureWorkletUrl);
      const source = context.createMediaStreamSource(stream);
      const capture = new AudioWorkletNode(context, "pcm-capture");
      capture.port.onmessage = ({ data }: MessageEvent<{ pcm: ArrayBuffer; rms: number }>) => {
        if (data.rms > BARGE_IN_RMS) interrupt();
        send({ type: "input_audio_buffer.append", audio: bytesToBase64(new Uint8Array(data.pcm)) });
      };
      source.connect(capture);
      send({ type: "input_audio_buffer.clear" });
      return {
        stop() {
          capture.port.onmessage = null;
          source.disconnect();
          for (const track of stream.getTracks()) track.stop();
          void context.close();
        },
      };
    }

    function recogniseSpeech() {
      const Recognition = speechRecognition();
      if (!Recognition)
        throw new Error(
          "Ce navigateur ne reconnaît pas la parole : tapez votre message, ou utilisez Chrome, Edge ou Safari.",
        );
      const recognition = new Recognition();
      const backoff = createRecognitionBackoff();
      let retry: ReturnType<typeof setTimeout> | undefined;
      let isStopped = false;
      recognition.lang = "fr-FR";
      recognition.continuous = true;
      recognition.interimResults = false;
      recognition.onspeechstart = interrupt;
      recognition.onresult = (event) => {
        backoff.heard();
        setMicrophoneProblem(null);
        for (let index = event.resultIndex; index < event.results.length; index += 1) {
          const result = event.results[index];
          if (result?.isFinal) sendText(result[0].transcript, true);
        }
      };
      recognition.onerror = (event) => backoff.failed(event.error);
      // Chrome ends a continuous recognition after a silence: it listens again until paused. After an
      // error it waits longer each time, then pauses (issue 31: one failure restarted it at once, in a loop).
      recognition.onend = () => {
        if (isStopped) return;
        const outcome = backoff.ended();
        if (outcome.message) {
          // One message per run of failures, in the panel, never one toast per failure.
          setMicrophoneProblem(outcome.message);
          logError("microphone", `${outcome.message.title} : ${outcome.message.description}`);
        }
        if (outcome.action === "pause") stopRecording();
        else retry = setTimeout(listen, outcome.delayMs);
      };
      const listen = () => {
        if (isStopped) return;
        backoff.started();
        recognition.start();
      };
      listen();
      return {
        stop() {
          isStopped = true;
          clearTimeout(retry);
          recognition.stop();
        },
      };
    }
  }, [interrupt, logError, send, sendText, stopRecording]);

  const onServerEvent = useCallback(
    (event: ServerEvent) => {
      switch (event.type) {
        case "session.created": {
          const session = event.session as { input_audio_transcription?: unknown } | undefined;
          serverTranscribes.current = Boolean(session?.input_audio_transcription);
          setDiagnostics((current) => ({ ...current, openai: { ...current.openai, sessionActive: true } }));
          // Spec: the microphone starts automatically once connected.
          void startRecording();
          return;
        }
        case "response.audio.delta":
          audioDeltas.current += 1;
          setSpeaking(true);
          playback.current.enqueue(String(event.delta));
          return;
        case "response.audio.done": {
          // Silent again once the last chunk has been heard, unless another answer started meanwhile.
          const heard = audioDeltas.current;
          void playback.current.drained().then(() => {
            if (audioDeltas.current === heard) setSpeaking(false);
          });
          return;
        }
        case "conversation.item.input_audio_transcription.completed":
          addEntry({ sender: "user", text: String(event.transcript ?? ""), isAudio: true });
          return;
        case "response.audio_transcript.done": {
          const transcript = String(event.transcript ?? "");
          if (transcript) addEntry({ sender: "agent", text: transcript, isAudio: true });
          setDiagnostics((current) => ({
            ...current,
            openai: { ...current.openai, lastResponse: new Date().toISOString() },
          }));
          return;
        }
        case "response.output_item.done":
          if (event.proposal)
            addEntry({
              sender: "system",
              text: (event.proposal as ActionProposal).summary,
              isAudio: false,
              proposal: event.proposal as ActionProposal,
            });
          else if (event.result)
            addEntry({
              sender: "system",
              text: (event.result as ActionResult).message,
              isAudio: false,
              result: event.result as ActionResult,
            });
          return;
        case "error": {
          const message =
            (event.error as { message?: string } | undefined)?.message ?? VOICE_TEXTS.openaiUnknown;
          toast.error(VOICE_TEXTS.eventError(message));
          addEntry({ sender: "system", text: message, isAudio: false });
          logError("openai", message);
          return;
        }
      }
    },
    [addEntry, logError, startRecording, setSpeaking],
  );

  const reset = useCallback(() => {
    microphone.current?.stop();
    microphone.current = null;
    clearTimeout(secondRequest.current);
    playback.current.stop();
    setIsRecording(false);
    setSpeaking(false);
    setIsConnected(false);
    setDiagnostics((current) => ({
      ...current,
      websocket: { ...current.websocket, connected: false },
      openai: { ...current.openai, sessionActive: false },
    }));
  }, [setSpeaking]);

  const connect = useCallback(() => {
    if (socket.current) return;
    playback.current.unlock();
    const url = socketUrl(isAgentMode);
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (error) {
      toast.error(VOICE_TEXTS.connectFailed);
      logError("connection", error instanceof Error ? error.message : String(error));
      return;
    }
    socket.current = ws;
    let hasOpened = false;
    ws.onopen = () => {
      hasOpened = true;
      setIsConnected(true);
      setDiagnostics((current) => ({
        ...current,
        websocket: { connected: true, url, lastConnected: new Date().toISOString() },
      }));
      toast.success(VOICE_TEXTS.connected);
    };
    ws.onmessage = ({ data }) => {
      try {
        onServerEvent(JSON.parse(String(data)));
      } catch (error) {
        logError("message_processing", error instanceof Error ? error.message : String(error));
      }
    };
    ws.onerror = () => logError("websocket", VOICE_TEXTS.websocketError);
    ws.onclose = ({ code, reason }) => {
      if (socket.current === ws) socket.current = null;
      reset();
      if (!hasOpened) {
        toast.error(VOICE_TEXTS.connectFailed);
        logError("connection", VOICE_TEXTS.connectFailed);
        return;
      }
      if (code !== 1000) logError("websocket", VOICE_TEXTS.abnormalClose(code, reason));
      toast(VOICE_TEXTS.disconnected);
    };
  }, [isAgentMode, logError, onServerEvent, reset]);

  const disconnect = useCallback(() => {
    socket.current?.close(1000);
    socket.current = null;
    reset();
    // Spec: disconnecting clears the transcript.
    setEntries([]);
  }, [reset]);

  useEffect(
    () => () => {
      socket.current?.close(1000);
      microphone.current?.stop();
      playback.current.close();
    },
    [],
  );

  return {
    isConnected,
    isRecording,
    isSpeaking,
    entries,
    microphoneProblem,
    diagnostics,
    isHealthy: isVoiceHealthy(diagnostics),
    connect,
    disconnect,
    sendText,
    toggleRecording: () => (isRecording ? stopRecording() : void startRecording()),
  };
}
