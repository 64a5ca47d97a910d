// AudioWorklet processor (runs on the audio thread): the microphone at the context's rate (24 kHz), as
// 16-bit PCM buffers of 4096 samples (spec "Voice and timing"), with each buffer's loudness for barge-in.
const BUFFER_SAMPLES = 4096;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Int16Array(BUFFER_SAMPLES);
    this.length = 0;
    this.energy = 0;
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    for (const sample of channel) {
      const clamped = Math.max(-1, Math.min(1, sample));
      this.buffer[this.length++] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
      this.energy += clamped * clamped;
      if (this.length === BUFFER_SAMPLES) {
        const rms = Math.sqrt(this.energy / BUFFER_SAMPLES);
        this.port.postMessage({ pcm: this.buffer.buffer, rms }, [this.buffer.buffer]);
        this.buffer = new Int16Array(BUFFER_SAMPLES);
        this.length = 0;
        this.energy = 0;
      }
    }
    return true;
  }
}

registerProcessor("pcm-capture", PcmCaptureProcessor);
