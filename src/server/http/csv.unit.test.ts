import { formatAmount } from "@shared/format";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { CSV_LINES_PER_TURN, csvStream, toCsv } from "./csv";
import { countInFlight } from "./foreground";

describe("toCsv", () => {
  const columns = [
    { header: "Client", value: (row: { name: string; cents: number }) => row.name },
    { header: "Montant", value: (row: { name: string; cents: number }) => formatAmount(row.cents) },
  ];

  it("writes a BOM, ';' separators, CRLF and French amounts", () => {
    const csv = toCsv(columns, [{ name: "Dupont SARL", cents: 123456 }]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1)).toBe("Client;Montant\r\nDupont SARL;1\u202f234,56\r\n");
  });

  it("quotes separators, quotes and line breaks, and neutralises formulas", () => {
    const csv = toCsv(columns, [
      { name: 'Martin; "Atelier"\nLyon', cents: 0 },
      { name: '=HYPERLINK("http://x")', cents: -500 },
    ]);
    expect(csv).toContain('"Martin; ""Atelier""\nLyon";0,00');
    expect(csv).toContain('"\'=HYPERLINK(""http://x"")";-5,00');
  });
});

describe("csvStream", () => {
  type Line = { name: string; cents: number };
  const columns = [
    { header: "Client", value: (row: Line) => row.name },
    { header: "Montant", value: (row: Line) => formatAmount(row.cents) },
  ];
  const names = ["Dupont SARL", '=HYPERLINK("http://x")', "Martin; Lyon", "-Atelier", "@Studio", "Élise"];
  const rows: Line[] = Array.from({ length: 1_234 }, (_, i) => ({
    name: `${names[i % names.length]} ${i}`,
    cents: (i % 7) * 10_001 - 30_000,
  }));

  async function* inBatches(size: number) {
    for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
  }

  it("writes the same bytes as toCsv, whatever the batches, a few dozen lines per chunk", async () => {
    const whole = new TextEncoder().encode(toCsv(columns, rows));
    for (const size of [1, 49, 250, 5_000]) {
      const chunks: Uint8Array[] = [];
      let ends = 0;
      const reader = csvStream(columns, inBatches(size), () => ends++).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
      expect(Buffer.concat(chunks).equals(Buffer.from(whole))).toBe(true);
      // The header, then no chunk of more than CSV_LINES_PER_TURN lines.
      expect(Math.max(...chunks.map((chunk) => Buffer.from(chunk).toString().split("\r\n").length - 1))).toBe(
        Math.min(size, CSV_LINES_PER_TURN),
      );
      expect(ends).toBe(1);
    }
  });

  it("ends once when the reader gives up", async () => {
    let ends = 0;
    const reader = csvStream(columns, inBatches(250), () => ends++).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(ends).toBe(1);
  });

  /** A request being handled, as the app's first middleware counts it, until `answer` is called. */
  function requestInFlight() {
    let answer = () => {};
    const handled = countInFlight()({} as Context, () => new Promise<void>((resolve) => (answer = resolve)));
    return async () => {
      answer();
      await handled;
    };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("gives its turn to a request being handled: its next lines come once it is answered", async () => {
    const reader = csvStream(columns, inBatches(250)).getReader();
    await reader.read();
    const answered = requestInFlight();
    const order: string[] = [];
    const lines = reader.read().then(() => order.push("lines"));
    // A pull without a request in flight would have its lines by then.
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    order.push("request answered");
    await answered();
    await lines;
    expect(order).toEqual(["request answered", "lines"]);
    await reader.cancel();
  });

  it("never stops for a request that takes long: its lines come after a few milliseconds", async () => {
    const reader = csvStream(columns, inBatches(250)).getReader();
    await reader.read();
    const answered = requestInFlight();
    const lines = await reader.read();
    expect(Buffer.from(lines.value ?? []).toString()).toContain("Dupont SARL 0;");
    await answered();
    await reader.cancel();
  });
});
