import { VOICE_BUFFER_SAMPLES, VOICE_SAMPLE_RATE } from "@shared/voice";
import type { VoiceClientEvent } from "./protocol";
import { VOICE_MAX_MESSAGE_BYTES } from "./socket-server";

/**
 * What one socket may send (issue 26: an 800-frame flood slowed every other user's requests to 1.87 s),
 * as token buckets, each a burst and a steady rate:
 *  - frames and bytes: the spec's client streams one 4096-sample buffer every 171 ms (about 6 frames and
 *    64 KB of base64 a second) and a few control events per turn; the rates are several times that, and
 *    the byte burst holds two of the largest messages (a whole 60 s turn sent at once);
 *  - turns: each typed message (`conversation.item.create`) and committed audio (`input_audio_buffer.commit`)
 *    is input that an answer, its speech and maybe a transcription will be made for: the spec's client sends
 *    one per turn. The buckets are measured as messages are handled, and a socket whose turns keep the
 *    server busy has its frames handled slowly, so frames alone would never run out: turns count apart.
 *    Eight in a row, then one every 2 s, is more than anyone speaks and listens.
 */
export const VOICE_INBOUND_BUDGET = {
  frames: { burst: 60, perSecond: Math.ceil((VOICE_SAMPLE_RATE / VOICE_BUFFER_SAMPLES) * 4) },
  bytes: { burst: 2 * VOICE_MAX_MESSAGE_BYTES, perSecond: 512 * 1024 },
  turns: { burst: 8, perSecond: 0.5 },
} as const;

type Bucket = { burst: number; perSecond: number };

/** Tokens refilled at `perSecond` up to `burst`; `take` spends `amount`, or answers false when short. */
function tokenBucket({ burst, perSecond }: Bucket, clock: () => number) {
  let tokens = burst;
  let last = clock();
  return (amount: number): boolean => {
    const now = clock();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond);
    last = now;
    if (tokens < amount) return false;
    tokens -= amount;
    return true;
  };
}

const isTurn = new Set<VoiceClientEvent["type"]>(["conversation.item.create", "input_audio_buffer.commit"]);

/**
 * One socket's budget: `admit(bytes)` before a message is read (one frame and its bytes), `admitEvent`
 * once it is (a turn if it is new input). Either answers false once the socket is past its budget.
 */
export function inboundBudget(
  budget: { frames: Bucket; bytes: Bucket; turns: Bucket } = VOICE_INBOUND_BUDGET,
  clock: () => number = () => performance.now(),
) {
  const frames = tokenBucket(budget.frames, clock);
  const bytes = tokenBucket(budget.bytes, clock);
  const turns = tokenBucket(budget.turns, clock);
  return {
    admit: (size: number) => frames(1) && bytes(size),
    admitEvent: (event: VoiceClientEvent) => !isTurn.has(event.type) || turns(1),
  };
}
