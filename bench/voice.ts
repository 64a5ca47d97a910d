import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VOICE_SAMPLE_RATE } from "@shared/voice";
import { call, registerPaid } from "../src/server/test/accounts";
import { createTestContext } from "../src/server/test/test-app";
import { toWav } from "../src/server/voice/speech-services";
import { builtInSpeaker, warmUpBuiltInSpeaker } from "../src/server/voice/synthesizer";
import { audioOf, openVoice, serveVoice, typed } from "../src/server/voice/voice-test-kit";

const RUNS = 7;
/** The last spoken answer, to listen to or check with `sox <file> -n stat`. */
export const REPLY_WAV = join(tmpdir(), "ardoise-voice-reply.wav");
const SENTENCE = "Vous avez trois factures en retard, pour un total de mille deux cents euros.";

/**
 * Built-in voice mode (ARCHITECTURE.md budget: response.create → first audio delta ≤ 300 ms for a
 * one-sentence answer), over a real socket on PGlite; and the synthesizer's real-time factor (compute time
 * over audio duration). Writes the last answer to REPLY_WAV.
 */
export async function measureVoiceBuiltIn() {
  const started = performance.now();
  let samples = 0;
  await warmUpBuiltInSpeaker();
  const synthStart = performance.now();
  await builtInSpeaker("bench").speak(SENTENCE, (pcm) => {
    samples += pcm.length;
  });
  const realTimeFactor = (performance.now() - synthStart) / 1000 / (samples / VOICE_SAMPLE_RATE);

  const context = await createTestContext();
  const server = await serveVoice(context);
  try {
    const { cookie } = await registerPaid(context, { email: "bench.voix@example.fr" });
    await call(context, "/api/clients", { method: "POST", cookie, body: { name: "Boulangerie Dupont" } });
    const voice = openVoice(server.url, { cookie });
    await voice.opened;
    await voice.waitFor((event) => event.type === "session.created");
    const firstAudio: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const from = voice.events.length;
      voice.send(typed("Combien ai-je de clients ?"));
      const sent = performance.now();
      voice.send({ type: "response.create" });
      await voice.waitFor((event) => event.type === "response.audio.delta", { from });
      firstAudio.push(performance.now() - sent);
      await voice.waitFor((event) => event.type === "response.done", { from });
      if (run === RUNS - 1)
        writeFileSync(REPLY_WAV, toWav(Buffer.from(audioOf(voice.events.slice(from)).buffer)));
    }
    voice.close();
    const sorted = [...firstAudio].sort((a, b) => a - b);
    return {
      firstAudioMs: Math.round(sorted[Math.floor(RUNS / 2)] ?? 0),
      /** The socket's first turn (issue 27: 848 ms when synthesis loaded on the first reply). */
      firstTurnAudioMs: Math.round(firstAudio[0] ?? 0),
      firstAudioRunsMs: firstAudio.map(Math.round),
      realTimeFactor: Math.round(realTimeFactor * 1000) / 1000,
      setupSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await server.close();
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureVoiceBuiltIn());
