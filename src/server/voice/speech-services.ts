import { VOICE_SAMPLE_RATE } from "@shared/voice";
import type { Speaker } from "./synthesizer";

/** Local speech services must answer within this time (a Whisper server on a CPU may be slow, not stuck). */
const SPEECH_SERVICE_TIMEOUT_MS = 60_000;

export class SpeechServiceError extends Error {}

/** A RIFF/WAVE header for 24 kHz mono PCM16 (the format the socket carries), then the samples. */
export function toWav(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(VOICE_SAMPLE_RATE, 24);
  header.writeUInt32LE(VOICE_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * Speech to text through an OpenAI-compatible `/v1/audio/transcriptions` (a local Whisper server such as
 * faster-whisper-server or whisper.cpp's server): the turn's audio as a WAV file, French asked for.
 */
export async function transcribe(baseUrl: string, pcm: Buffer): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(toWav(pcm))], { type: "audio/wav" }), "tour.wav");
  form.set("model", "whisper-1");
  form.set("language", "fr");
  form.set("response_format", "json");
  const response = await fetch(new URL("/v1/audio/transcriptions", baseUrl), {
    method: "POST",
    body: form,
    signal: AbortSignal.timeout(SPEECH_SERVICE_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new SpeechServiceError("transcription service unreachable", { cause: error });
  });
  if (!response.ok) throw new SpeechServiceError(`transcription service answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { text?: unknown } | null;
  if (typeof body?.text !== "string") throw new SpeechServiceError("transcription service gave no text");
  return body.text.trim();
}

/**
 * Text to speech through an OpenAI-compatible `/v1/audio/speech` asked for `pcm` (raw 24 kHz mono PCM16,
 * OpenAI's format), streamed to the socket as it arrives.
 */
export function speechServiceSpeaker(baseUrl: string): Speaker {
  return {
    async speak(text, onAudio, signal) {
      const response = await fetch(new URL("/v1/audio/speech", baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "tts-1", voice: "alloy", input: text, response_format: "pcm" }),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(SPEECH_SERVICE_TIMEOUT_MS)])
          : AbortSignal.timeout(SPEECH_SERVICE_TIMEOUT_MS),
      }).catch((error: unknown) => {
        throw new SpeechServiceError("speech service unreachable", { cause: error });
      });
      if (!response.ok || !response.body)
        throw new SpeechServiceError(`speech service answered ${response.status}`);
      // Chunks may split a sample in two: an odd byte waits for the next chunk.
      let carry = Buffer.alloc(0);
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const bytes = Buffer.concat([carry, Buffer.from(chunk.value)]);
        const even = bytes.length - (bytes.length % 2);
        carry = bytes.subarray(even);
        if (even > 0) {
          const copy = Buffer.from(bytes.subarray(0, even));
          onAudio(new Int16Array(copy.buffer, copy.byteOffset, even / 2));
        }
      }
    },
  };
}
