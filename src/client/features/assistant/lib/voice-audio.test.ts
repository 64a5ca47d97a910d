import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, wavFromPcm } from "./voice-audio";

describe("voice audio", () => {
  it("wraps PCM16 as a 24 kHz mono 16-bit WAV", () => {
    const wav = new DataView(wavFromPcm(new Uint8Array([1, 0, 2, 0])));
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(wav.buffer, offset, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(wav.getUint16(22, true)).toBe(1);
    expect(wav.getUint32(24, true)).toBe(24_000);
    expect(wav.getUint16(34, true)).toBe(16);
    expect(wav.getUint32(40, true)).toBe(4);
    expect(wav.byteLength).toBe(48);
  });

  it("round-trips base64", () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, index) => index % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });
});
