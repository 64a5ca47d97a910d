import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { createWorkerPool, handOver } from "./pool";

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

/** The niceness of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): number[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe.runIf(process.platform === "linux")("the pool's threads", () => {
  it("run nicer than the main thread, which alone serves everyone's requests", async () => {
    const pool = createWorkerPool({ threads: 2 });
    try {
      const parsed = await pool.run(
        "parseMultipartUpload",
        { body: new ArrayBuffer(0), contentType: "text/plain" },
        { owner: "test" },
      );
      expect(parsed.file).toBeNull();
      const main = getPriority();
      expect(threadNiceness().filter((niceness) => niceness > main)).toHaveLength(2);
      expect(main).toBe(getPriority());
    } finally {
      await pool.close();
    }
  }, 60_000);
});
