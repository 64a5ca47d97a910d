import { VOICE_BITS, VOICE_CHANNELS, VOICE_SAMPLE_RATE } from "@shared/voice";

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode with a whole 8 KB buffer would overflow the argument list on some engines.
  for (let index = 0; index < bytes.length; index += 0x2000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x2000));
  return btoa(binary);
}

/** Spec: incoming audio is wrapped as a WAV (24 kHz, mono, 16-bit) before it is played. */
export function wavFromPcm(pcm: Uint8Array): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + pcm.length);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let index = 0; index < value.length; index += 1)
      view.setUint8(offset + index, value.charCodeAt(index));
  };
  const bytesPerSample = VOICE_BITS / 8;
  text(0, "RIFF");
  view.setUint32(4, 36 + pcm.length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, VOICE_CHANNELS, true);
  view.setUint32(24, VOICE_SAMPLE_RATE, true);
  view.setUint32(28, VOICE_SAMPLE_RATE * VOICE_CHANNELS * bytesPerSample, true);
  view.setUint16(32, VOICE_CHANNELS * bytesPerSample, true);
  view.setUint16(34, VOICE_BITS, true);
  text(36, "data");
  view.setUint32(40, pcm.length, true);
  new Uint8Array(buffer, 44).set(pcm);
  return buffer;
}

/**
 * The agent's voice: each delta is wrapped as a WAV, decoded and scheduled right after the previous one, so
 * chunks play back to back in arrival order. `stop` cuts everything (barge-in, disconnect). `drained`
 * resolves once what is queued has been heard: the "speaking" indicator follows the sound, not the
 * events, which can all arrive in one burst before a single frame is drawn.
 */
export function createPlaybackQueue() {
  let context: AudioContext | null = null;
  let nextStart = 0;
  let decoding: Promise<void> = Promise.resolve();
  const playing = new Set<AudioBufferSourceNode>();
  let generation = 0;
  return {
    /** Must first run in a user gesture (the connect click), or browsers keep the context suspended. */
    unlock() {
      context ??= new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
      void context.resume();
    },
    enqueue(base64: string) {
      this.unlock();
      const audio = context as AudioContext;
      const wav = wavFromPcm(base64ToBytes(base64));
      const current = generation;
      decoding = decoding.then(async () => {
        const decoded = await audio.decodeAudioData(wav).catch(() => null);
        if (!decoded || current !== generation) return;
        const source = audio.createBufferSource();
        source.buffer = decoded;
        source.connect(audio.destination);
        nextStart = Math.max(nextStart, audio.currentTime + 0.02);
        source.start(nextStart);
        nextStart += decoded.duration;
        playing.add(source);
        source.onended = () => playing.delete(source);
      });
    },
    /** Resolves when everything enqueued so far has played (by its schedule, even in a silent context). */
    async drained() {
      await decoding;
      const remaining = context ? Math.max(0, nextStart - context.currentTime) : 0;
      await new Promise((resolve) => setTimeout(resolve, remaining * 1000));
    },
    stop() {
      generation += 1;
      for (const source of playing) source.stop();
      playing.clear();
      nextStart = 0;
    },
    close() {
      this.stop();
      void context?.close();
      context = null;
    },
  };
}
