import { randomUUID } from "node:crypto";
import {
  type ActionProposal,
  type ChatEvent,
  type ChatMessageInput,
  chatMessage,
} from "@shared/schemas/assistant";
import { VOICE_MAX_TURN_BYTES, VOICE_MAX_TURN_SECONDS } from "@shared/voice";
import { AppError } from "../errors";
import { type ChatDeps, runChat } from "../modules/assistant/chat.service";
import { settleProposal } from "../modules/assistant/executions";
import {
  actionItemEvent,
  consentOf,
  errorEvent,
  type VoiceClientEvent,
  type VoiceEngine,
  type VoiceSocket,
} from "./protocol";
import { transcribe } from "./speech-services";
import { toSpokenText } from "./spoken-text";
import { type Speaker, splitSentences } from "./synthesizer";

/** The conversation kept for context: the last exchanges only, as the chat sends them. */
const HISTORY_MESSAGES = 20;

export const NO_SPEECH_TO_TEXT =
  "Ce serveur ne transcrit pas l'audio : parlez avec la reconnaissance vocale du navigateur (Chrome, Edge, Safari) ou tapez votre message. Pour la voix depuis le microphone, l'administrateur peut définir STT_URL (serveur Whisper local) ou OPENAI_API_KEY.";
const TURN_TOO_LONG = `Tour de parole trop long : ${VOICE_MAX_TURN_SECONDS} secondes au plus. Cet audio est ignoré.`;
const NOTHING_HEARD = "Je n'ai rien entendu : pouvez-vous répéter ?";
const TRANSCRIPTION_FAILED = "La transcription de l'audio a échoué : réessayez ou tapez votre message.";
const SPEECH_FAILED = "La synthèse vocale a échoué : la réponse reste affichée en texte.";
/** A turn is one chat message: what the chat takes at most (issue 26: a longer merged turn was a 500). */
export const VOICE_MAX_TURN_CHARS = chatMessage.shape.content.maxLength ?? 20_000;
export const TURN_TEXT_TOO_LONG = `Tour de parole trop long : ${VOICE_MAX_TURN_CHARS.toLocaleString("fr-FR")} caractères au plus, messages mis bout à bout. Ce message est ignoré : envoyez la suite après la réponse.`;

/**
 * What is read aloud of an answer that has no spoken summary (a model's long answer, an analysis): about
 * 20 s of eSpeak at 165 words a minute; the rest stays in the transcript. Lists are summed up instead.
 */
export const SPOKEN_CHARS_BUDGET = 300;
const REST_ON_SCREEN = "La suite est affichée à l'écran.";

type PendingTurn = { kind: "text"; text: string } | { kind: "audio"; pcm: Buffer };

export type PipelineOptions = {
  deps: ChatDeps;
  userId: string;
  socket: VoiceSocket;
  speaker: Speaker;
  /** OpenAI-compatible transcription server; absent in built-in mode (the browser transcribes). */
  sttUrl?: string;
  confirmBeforeAction: boolean;
};

/**
 * Built-in and local-speech modes: each turn (typed, recognised by the browser, or audio transcribed by
 * STT_URL) is answered by the assistant pipeline (providers, then the offline engine, same actions and
 * consent rules as the chat) and spoken sentence by sentence as the answer is written.
 */
export function createPipelineEngine({
  deps,
  userId,
  socket,
  speaker,
  sttUrl,
  confirmBeforeAction,
}: PipelineOptions): VoiceEngine {
  const conversationId = randomUUID();
  const history: ChatMessageInput[] = [];
  const pending: PendingTurn[] = [];
  /** Characters of the text turns waiting in `pending`, with the line breaks that will join them. */
  let pendingChars = 0;
  let audio: Buffer[] = [];
  let audioBytes = 0;
  let isAudioRefused = false;
  let isAnswering = false;
  let isResponseWanted = false;
  let isClosed = false;
  let proposal: ActionProposal | null = null;
  const stop = new AbortController();

  const send = (event: object) => {
    if (!isClosed) socket.send(event);
  };
  const fail = (message: string, code?: string) => send(errorEvent(message, code));

  async function answer(turns: PendingTurn[]) {
    const responseId = `resp_${randomUUID()}`;
    const itemId = `item_${randomUUID()}`;
    send({ type: "response.created", response: { id: responseId, status: "in_progress" } });
    const said: string[] = [];
    for (const turn of turns) {
      if (turn.kind === "text") {
        said.push(turn.text);
        continue;
      }
      const transcript = await transcribe(sttUrl as string, turn.pcm).catch((error: unknown) => {
        deps.logger.warn({ err: error }, "voice transcription failed");
        fail(TRANSCRIPTION_FAILED, "transcription_failed");
        return "";
      });
      if (transcript) {
        send({
          type: "conversation.item.input_audio_transcription.completed",
          item_id: `item_${randomUUID()}`,
          content_index: 0,
          transcript,
        });
        said.push(transcript);
      }
    }
    const question = said.join("\n").trim();
    if (question.length > VOICE_MAX_TURN_CHARS) {
      // Transcripts added to typed text can still go past what one chat message holds.
      fail(TURN_TEXT_TOO_LONG, "turn_too_long");
      send({ type: "response.done", response: { id: responseId, status: "failed" } });
      return;
    }
    const speech = createSpeechStream(responseId, itemId);
    if (!question) speech.write(NOTHING_HEARD);
    else {
      const consent = proposal ? consentOf(question) : null;
      if (proposal && consent) await settleByVoice(proposal, consent, speech);
      else await askAssistant(question, speech);
    }
    const transcript = await speech.end();
    history.push({ role: "user", content: question || "…" }, { role: "assistant", content: transcript });
    history.splice(0, Math.max(0, history.length - HISTORY_MESSAGES));
    send({ type: "response.audio.done", response_id: responseId, item_id: itemId });
    send({ type: "response.audio_transcript.done", response_id: responseId, item_id: itemId, transcript });
    send({ type: "response.done", response: { id: responseId, status: "completed" } });
  }

  async function askAssistant(question: string, speech: SpeechStream) {
    proposal = null;
    const emit = (event: ChatEvent) => {
      if (event.type === "text") speech.write(event.delta);
      else if (event.type === "speech") speech.sayInstead(event.text);
      else if (event.type === "retract") speech.retract();
      const item = actionItemEvent(event);
      if (event.type === "proposal") proposal = event.proposal;
      if (item) send(item);
    };

    await runChat(deps, {
      userId,
      channel: "voice",
      body: {
        messages: [...history, { role: "user", content: question }],
        conversationId,
        confirmBeforeAction,
        section: "voice",
      },
      emit,
    });
  }

  /** "oui, vas-y" runs the proposal the agent just read out; "non" drops it (same rules as the button). */
  async function settleByVoice(
    pending: ActionProposal,
    decision: "confirm" | "cancel",
    speech: SpeechStream,
  ) {
    proposal = null;
    try {
      const result = await settleProposal(deps.db, {
        userId,
        id: pending.id,
        decision,
        appUrl: deps.env.appUrl,
      });
      if (result) {
        send({
          type: "response.output_item.done",
          item: { type: "function_call_output", call_id: pending.id, name: result.type, status: "completed" },
          result,
        });
        speech.write(result.message);
      } else speech.write("C'est annulé : rien n'a été créé.");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      speech.write(error.message);
    }
  }

  type SpeechStream = ReturnType<typeof createSpeechStream>;
  /**
   * The answer's text, spoken one sentence at a time as soon as a sentence is complete; each sentence's
   * words go out as a transcript delta when it is handed to the synthesizer, so a retracted provider
   * answer (see runChat) loses only its unspoken tail. The transcript always carries the whole text; the
   * audio is the engine's spoken summary when it sent one (`sayInstead`), else the text up to
   * SPOKEN_CHARS_BUDGET, then a pointer to the screen.
   */
  function createSpeechStream(responseId: string, itemId: string) {
    let buffer = "";
    let spoken = "";
    let speaking: Promise<void> = Promise.resolve();
    let hasSpeechFailed = false;
    let isSummarised = false;
    /** The text went past the budget: the rest is only shown. */
    let isCut = false;
    let saidChars = 0;
    const say = (words: string) => {
      saidChars += words.length;
      speaking = speaking.then(async () => {
        if (hasSpeechFailed) return;
        await speaker
          .speak(
            words,
            (pcm) =>
              send({
                type: "response.audio.delta",
                response_id: responseId,
                item_id: itemId,
                delta: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString("base64"),
              }),
            stop.signal,
          )
          .catch((error: unknown) => {
            hasSpeechFailed = true;
            deps.logger.warn({ err: error }, "voice synthesis failed");
            fail(SPEECH_FAILED, "speech_failed");
          });
      });
    };
    const flush = (text: string) => {
      if (!text.trim()) return;
      spoken += text;
      send({
        type: "response.audio_transcript.delta",
        response_id: responseId,
        item_id: itemId,
        delta: text,
      });
      if (isSummarised || isCut) return;
      // The sentences within the budget go to the speaker together (one request to a TTS service).
      const kept: string[] = [];
      let chars = saidChars;
      for (const sentence of splitSentences(toSpokenText(text))) {
        if (chars > 0 && chars + sentence.length > SPOKEN_CHARS_BUDGET) {
          isCut = true;
          kept.push(REST_ON_SCREEN);
          break;
        }
        kept.push(sentence);
        chars += sentence.length;
      }
      if (kept.length > 0) say(kept.join("\n"));
    };
    return {
      /** Speaks `summary` now, and only shows the text that follows (its full version). */
      sayInstead(summary: string) {
        const words = toSpokenText(summary);
        if (!words) return;
        isSummarised = true;
        say(words);
      },
      write(delta: string) {
        buffer += delta;
        // A sentence ends at . ! ? … followed by a space, or at a line break (list items, paragraphs).
        const match = buffer.match(/^[\s\S]*(?:[.!?…](?=\s)|\n)/);
        if (!match) return;
        flush(match[0]);
        buffer = buffer.slice(match[0].length);
      },
      retract() {
        buffer = "";
      },
      async end() {
        flush(buffer);
        buffer = "";
        await speaking;
        return spoken.trim();
      },
    };
  }

  async function respond() {
    if (isAnswering) {
      isResponseWanted = true;
      return;
    }
    if (pending.length === 0 || isClosed) return;
    isAnswering = true;
    try {
      pendingChars = 0;
      await answer(pending.splice(0));
    } catch (error) {
      deps.logger.error({ err: error }, "voice turn failed");
      fail("La réponse a échoué : réessayez dans un instant.", "response_failed");
    } finally {
      isAnswering = false;
    }
    // A turn sent and asked for while the previous one was being answered is answered next.
    if (isResponseWanted) {
      isResponseWanted = false;
      void respond();
    }
  }

  return {
    receive(event: VoiceClientEvent) {
      switch (event.type) {
        case "input_audio_buffer.append": {
          if (!sttUrl) {
            // Once per turn: the client streams 4096-sample buffers, one error is enough.
            if (!isAudioRefused) fail(NO_SPEECH_TO_TEXT, "speech_to_text_unavailable");
            isAudioRefused = true;
            return;
          }
          if (isAudioRefused) return;
          const chunk = Buffer.from(event.audio, "base64");
          if (audioBytes + chunk.length > VOICE_MAX_TURN_BYTES) {
            fail(TURN_TOO_LONG, "turn_too_long");
            isAudioRefused = true;
            audio = [];
            audioBytes = 0;
            return;
          }
          audio.push(chunk);
          audioBytes += chunk.length;
          return;
        }
        case "input_audio_buffer.clear":
          audio = [];
          audioBytes = 0;
          isAudioRefused = false;
          return;
        case "input_audio_buffer.commit":
          if (audioBytes > 0) pending.push({ kind: "audio", pcm: Buffer.concat(audio) });
          audio = [];
          audioBytes = 0;
          isAudioRefused = false;
          return;
        case "conversation.item.create": {
          const text = event.item.content.map((part) => part.text).join("\n");
          const chars = pendingChars + (pendingChars > 0 ? 1 : 0) + text.length;
          if (chars > VOICE_MAX_TURN_CHARS) {
            fail(TURN_TEXT_TOO_LONG, "turn_too_long");
            return;
          }
          pendingChars = chars;
          pending.push({ kind: "text", text });
          return;
        }
        case "response.create":
          // A response request with nothing new to answer (the spec's second request, 5 s later) is a no-op.
          void respond();
          return;
      }
    },
    close() {
      isClosed = true;
      stop.abort();
    },
  };
}
