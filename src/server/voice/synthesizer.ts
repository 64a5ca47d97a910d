import createESpeak, { type ESpeakWorker } from "@echogarden/espeak-ng-emscripten";
import { VOICE_SAMPLE_RATE } from "@shared/voice";

/** Speaks French text as 24 kHz mono PCM16 chunks, handed over as they are produced. */
export type Speaker = {
  speak: (text: string, onAudio: (pcm: Int16Array) => void, signal?: AbortSignal) => Promise<void>;
};

/** eSpeak-NG's French (France) voice, a little slower than its default 175 words per minute. */
const VOICE = "roa/fr";
const WORDS_PER_MINUTE = 165;

let worker: Promise<ESpeakWorker> | undefined;

/**
 * The built-in synthesizer (decision 011): eSpeak-NG compiled to WebAssembly, its voice data inside the npm
 * package, loaded once per process on first use. Its synthesis is synchronous, so a reply is spoken one
 * sentence at a time with a turn of the event loop between sentences: other requests are served meanwhile
 * and the first sentence's audio leaves before the second is computed.
 */
export const builtInSpeaker: Speaker = {
  async speak(text, onAudio, signal) {
    worker ??= createESpeak().then((module) => {
      const instance = new module.eSpeakNGWorker();
      instance.set_voice(VOICE);
      instance.set_rate(WORDS_PER_MINUTE);
      return instance;
    });
    const espeak = await worker;
    for (const sentence of splitSentences(text)) {
      if (signal?.aborted) return;
      const resample = createResampler(espeak.get_samplerate(), VOICE_SAMPLE_RATE);
      espeak.synthesize(sentence, (samples) => {
        if (samples && samples.length > 0 && !signal?.aborted) onAudio(resample(samples));
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
  },
};

/** Loads the WebAssembly module ahead of the first reply (the first load takes ~150 ms). */
export async function warmUpBuiltInSpeaker(): Promise<void> {
  await builtInSpeaker.speak(".", () => {});
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
