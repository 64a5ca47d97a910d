import { describe, expect, it } from "vitest";
import { handOver } from "./pool";

describe("handOver", () => {
  it("moves a buffer only when the bytes own all of it", () => {
    const file = new Uint8Array(new ArrayBuffer(1024));
    expect(handOver(file)).toEqual([file.buffer]);
    // A slice of a larger buffer, or a small Buffer cut from Node's shared pool, would take others' bytes.
    expect(handOver(file.subarray(16))).toEqual([]);
    expect(handOver(Buffer.from("facture"))).toEqual([]);
  });

  it("leaves the caller a detached view once moved", () => {
    const file = new Uint8Array(new ArrayBuffer(64));
    structuredClone(file, { transfer: handOver(file) });
    expect(file.byteLength).toBe(0);
  });
});
