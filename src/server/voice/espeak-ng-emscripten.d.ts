// The package ships no types: only what synthesizer.ts uses of its eSpeak-NG worker API.
declare module "@echogarden/espeak-ng-emscripten" {
  export type ESpeakWorker = {
    set_voice(identifier: string): void;
    set_rate(wordsPerMinute: number): void;
    get_samplerate(): number;
    synthesize(text: string, onChunk: (samples: Int16Array | undefined, events: unknown[]) => void): void;
  };
  type ESpeakModule = { eSpeakNGWorker: new () => ESpeakWorker };
  export default function createModule(options?: object): Promise<ESpeakModule>;
}
