import createESpeak, { type ESpeakWorker } from "@echogarden/espeak-ng-emscripten";
import { VOICE_SAMPLE_RATE } from "@shared/voice";
import { workerPool } from "../workers/pool";

/** Speaks French text as 24 kHz mono PCM16 chunks, handed over as they are produced. */
export type Speaker = {
  speak: (text: string, onAudio: (pcm: Int16Array) => void, signal?: AbortSignal) => Promise<void>;
};

/** eSpeak-NG's French (France) voice, a little slower than its default 175 words per minute. */
const VOICE = "roa/fr";
const WORDS_PER_MINUTE = 165;

let espeak: Promise<ESpeakWorker> | undefined;

/**
 * One sentence as 24 kHz PCM, by eSpeak-NG compiled to WebAssembly (decision 011), its voice data inside the
 * npm package, loaded once per thread on first use. Its synthesis is synchronous and takes a core for as long
 * as it runs, so it runs in the worker pool (`workers/tasks.ts`), never on the server's event loop.
 */
export async function synthesizeSentence(sentence: string): Promise<Int16Array> {
  espeak ??= createESpeak().then((module) => {
    const instance = new module.eSpeakNGWorker();
    instance.set_voice(VOICE);
    instance.set_rate(WORDS_PER_MINUTE);
    return instance;
  });
  const synthesizer = await espeak;
  const resample = createResampler(synthesizer.get_samplerate(), VOICE_SAMPLE_RATE);
  const parts: Int16Array[] = [];
  synthesizer.synthesize(sentence, (samples) => {
    if (samples && samples.length > 0) parts.push(resample(samples));
  });
  const pcm = new Int16Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    pcm.set(part, offset);
    offset += part.length;
  }
  return pcm;
}

/** Audio goes to the socket in deltas of 100 ms, as a streaming synthesizer would hand them over. */
const DELTA_SAMPLES = VOICE_SAMPLE_RATE / 10;

/**
 * The built-in speaker of one user's socket: a reply is spoken one sentence at a time, each synthesized in
 * the worker pool under the user's turn, so the first sentence's audio leaves before the second is computed
 * and one user's long replies never delay another user's requests.
 */
export const builtInSpeaker = (owner: string): Speaker => ({
  async speak(text, onAudio, signal) {
    for (const sentence of splitSentences(text)) {
      if (signal?.aborted) return;
      const pcm = await workerPool().run("synthesizeSpeech", sentence, { owner });
      for (let at = 0; at < pcm.length && !signal?.aborted; at += DELTA_SAMPLES)
        onAudio(pcm.subarray(at, at + DELTA_SAMPLES));
    }
  },
});

/** Loads the WebAssembly module in the pool ahead of the first reply (the first load takes ~150 ms). */
export async function warmUpBuiltInSpeaker(): Promise<void> {
  await builtInSpeaker("warm-up").speak(".", () => {});
}

/** Sentences, so a long answer starts sounding after its first one; a sentence keeps its final mark. */
export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?…\n]+[.!?…]*/g) ?? [])
    .map((part) => part.trim())
    .filter((part) => /\w/.test(part));
}

/**
 * Linear-interpolation resampler that keeps its position across chunks, so a stream cut into chunks
 * sounds the same as one piece. Speech from eSpeak (22 050 Hz) has little energy near the Nyquist
 * frequency, so interpolation without a low-pass filter is enough here.
 */
export function createResampler(fromRate: number, toRate: number): (input: Int16Array) => Int16Array {
  const step = fromRate / toRate;
  let previous = 0;
  // Position of the next output sample, in input samples, relative to the start of the next chunk;
  // -1 is the last sample of the previous chunk (held in `previous`).
  let position = 0;
  return (input) => {
    const output: number[] = [];
    const at = (index: number) => (index < 0 ? previous : (input[index] ?? 0));
    while (position <= input.length - 1) {
      const base = Math.floor(position);
      const fraction = position - base;
      output.push(Math.round(at(base) * (1 - fraction) + at(base + 1) * fraction));
      position += step;
    }
    position -= input.length;
    previous = input[input.length - 1] ?? previous;
    return Int16Array.from(output);
  };
}
