import { describe, expect, it } from "vitest";
import {
  createRecognitionBackoff,
  RECOGNITION_RETRY_DELAYS_MS,
  RECOGNITION_STABLE_MS,
  recognitionMessage,
} from "./recognition-backoff";

/** A backoff on a clock the test moves: each failure is an error then an end, `after` ms after its start. */
function simulate() {
  let clock = 0;
  const backoff = createRecognitionBackoff({ now: () => clock });
  return {
    backoff,
    fail(code: string, after = 50) {
      backoff.started();
      clock += after;
      backoff.failed(code);
      const outcome = backoff.ended();
      if (outcome.action === "restart") clock += outcome.delayMs;
      return outcome;
    },
  };
}

describe("speech recognition backoff", () => {
  it("waits 1, 2, 4 then 8 s between failures, with one message, then pauses the microphone", () => {
    const { fail } = simulate();
    const outcomes = Array.from({ length: RECOGNITION_RETRY_DELAYS_MS.length + 1 }, () => fail("network"));
    expect(outcomes.map((outcome) => (outcome.action === "restart" ? outcome.delayMs : "pause"))).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      "pause",
    ]);
    const messages = outcomes.flatMap((outcome) => (outcome.message ? [outcome.message] : []));
    expect(messages).toHaveLength(2);
    expect(messages[0]?.description).toContain("vérifiez votre connexion");
    expect(messages[1]?.description).toContain("Le micro est en pause");
  });

  it("a storm of failures gives one message, then the pause and its message: the panel stops there", () => {
    const { fail } = simulate();
    const outcomes = [];
    for (let attempt = 0; attempt < 29; attempt++) {
      const outcome = fail("audio-capture", 10);
      outcomes.push(outcome);
      if (outcome.action === "pause") break;
    }
    expect(outcomes).toHaveLength(RECOGNITION_RETRY_DELAYS_MS.length + 1);
    expect(outcomes.filter((outcome) => outcome.message).map((outcome) => outcome.message?.title)).toEqual([
      "Aucun microphone détecté",
      "Aucun microphone détecté",
    ]);
  });

  it("does not retry a refusal: it says to allow the microphone in the browser", () => {
    const { fail } = simulate();
    const outcome = fail("not-allowed");
    expect(outcome).toMatchObject({ action: "pause", message: { title: "Microphone bloqué" } });
    expect(outcome.message?.description).toContain("Autorisez le microphone");
    expect(fail("service-not-allowed").action).toBe("pause");
  });

  it("listens again at once after an ordinary end or a silence, and restarts the count once it worked", () => {
    const { backoff, fail } = simulate();
    backoff.started();
    expect(backoff.ended()).toEqual({ action: "restart", delayMs: 0 });
    // Chrome's no-speech after 8 s of silence is no failure.
    expect(fail("no-speech", 8_000)).toEqual({ action: "restart", delayMs: 0 });
    // A quick no-speech is backed off without a word.
    expect(fail("no-speech")).toEqual({ action: "restart", delayMs: 1_000 });
    expect(fail("network")).toMatchObject({ delayMs: 2_000 });
    // Words were recognised: the next failure waits 1 s again, and says so.
    backoff.heard();
    expect(fail("network")).toMatchObject({
      delayMs: 1_000,
      message: { title: "Reconnaissance vocale injoignable" },
    });
    // A session that listened for a while before failing starts a new run too.
    fail("network");
    expect(fail("network", RECOGNITION_STABLE_MS)).toMatchObject({ delayMs: 1_000 });
  });

  it("has a French message for every kind, with the code of an unknown one", () => {
    for (const code of ["not-allowed", "audio-capture", "network", "no-speech", "language-not-supported"])
      expect(recognitionMessage(code).description).toMatch(/[a-zé]/);
    expect(recognitionMessage("bad-grammar").description).toContain("(bad-grammar)");
  });
});
