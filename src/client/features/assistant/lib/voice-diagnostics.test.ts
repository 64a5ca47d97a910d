import { describe, expect, it } from "vitest";
import { initialDiagnostics, isVoiceHealthy, type VoiceDiagnostics, withError } from "./voice-diagnostics";

describe("voice diagnostics", () => {
  const connected: VoiceDiagnostics = {
    ...initialDiagnostics("ws://x"),
    websocket: { connected: true, url: "ws://x", lastConnected: "2026-05-01T10:00:00.000Z" },
    openai: { sessionActive: true, lastResponse: null },
  };
  const now = Date.parse("2026-05-01T10:10:00.000Z");

  it("is healthy only connected, with a session, and no error in the last 5 minutes", () => {
    expect(isVoiceHealthy(connected, now)).toBe(true);
    expect(isVoiceHealthy({ ...connected, openai: { sessionActive: false, lastResponse: null } }, now)).toBe(
      false,
    );
    expect(isVoiceHealthy(withError(connected, "websocket", "x", new Date(now - 299_000)), now)).toBe(false);
    expect(isVoiceHealthy(withError(connected, "websocket", "x", new Date(now - 301_000)), now)).toBe(true);
  });

  it("keeps the last 50 errors, newest first", () => {
    let diagnostics = connected;
    for (let index = 0; index < 60; index += 1) diagnostics = withError(diagnostics, "openai", `e${index}`);
    expect(diagnostics.errors).toHaveLength(50);
    expect(diagnostics.errors[0]?.message).toBe("e59");
  });
});
