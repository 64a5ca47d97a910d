import { describe, expect, it } from "vitest";
import { escapeText, foldLine, serializeCalendar } from "./ical";

const octets = (text: string) => Buffer.byteLength(text, "utf8");
/** What a reader does first (RFC 5545 §3.1): a CRLF followed by a space or a tab joins two lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("escapeText", () => {
  it("escapes backslash, semicolon and comma, and writes newlines as \\n", () => {
    expect(escapeText("Dupont, Fils & Cie; Paris \\ Lyon")).toBe("Dupont\\, Fils & Cie\\; Paris \\\\ Lyon");
    expect(escapeText("ligne 1\nligne 2\r\nligne 3\rfin")).toBe("ligne 1\\nligne 2\\nligne 3\\nfin");
  });

  it("keeps the escapes it writes from being escaped again, and drops control characters", () => {
    expect(escapeText("a\\\nb")).toBe("a\\\\\\nb");
    expect(escapeText("x\u0000y\u0007z\tt\u007f")).toBe("xyz\tt");
  });

  it("leaves a colon and double quotes alone: they only matter in parameters", () => {
    expect(escapeText('Note : "urgent"')).toBe('Note : "urgent"');
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets as it is", () => {
    const line = `SUMMARY:${"a".repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds at 75 octets, the leading space of a continuation counting", () => {
    const line = `DESCRIPTION:${"x".repeat(200)}`;
    const physical = foldLine(line).split("\r\n");
    // 212 octets: 75, then 1 + 74, then 1 + 63.
    expect(physical.map(octets)).toEqual([75, 75, 64]);
    expect(physical.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(unfold(foldLine(line))).toBe(line);
  });

  it("counts octets, not characters, and never cuts a UTF-8 sequence", () => {
    const line = `SUMMARY:Échéance facture — ${"é€😀".repeat(30)}`;
    const folded = foldLine(line);
    for (const physical of folded.split("\r\n")) {
      expect(octets(physical)).toBeLessThanOrEqual(75);
      // A lone surrogate (an emoji cut in two) would not survive a trip through UTF-8.
      expect(Buffer.from(physical, "utf8").toString("utf8")).toBe(physical);
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe("serializeCalendar", () => {
  const text = serializeCalendar({
    name: "Ardoise — échéances",
    refreshHours: 4,
    events: [
      {
        uid: "0b9c-invoice-due@ardoise",
        day: "2026-03-05",
        stamp: new Date("2026-02-01T09:30:05.123Z"),
        summary: "Échéance facture INV-2026-0042 — Dupont, Fils; Cie — 1 200,00 €",
        description: "Reste à payer : 1 200,00 €\nhttps://ardoise.example/app/invoices/0b9c",
        url: "https://ardoise.example/app/invoices/0b9c",
      },
      {
        uid: "t1-task-due@ardoise",
        day: "2026-12-31",
        stamp: new Date("2026-01-01T00:00:00Z"),
        summary: "Tâche\r\n  sur deux lignes",
      },
    ],
  });

  it("ends every line with CRLF, the last one included, and keeps each under 76 octets", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text).not.toMatch(/[^\r]\n|\r[^\n]/);
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("writes all-day events with an exclusive end, a UTC stamp, escaped text and a plain URL", () => {
    const lines = unfold(text).split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "UID:0b9c-invoice-due@ardoise",
        "DTSTAMP:20260201T093005Z",
        "DTSTART;VALUE=DATE:20260305",
        "DTEND;VALUE=DATE:20260306",
        "SUMMARY:Échéance facture INV-2026-0042 — Dupont\\, Fils\\; Cie — 1 200\\,00 €",
        "DESCRIPTION:Reste à payer : 1 200\\,00 €\\nhttps://ardoise.example/app/invoices/0b9c",
        "URL;VALUE=URI:https://ardoise.example/app/invoices/0b9c",
        "TRANSP:TRANSPARENT",
        "X-WR-CALNAME:Ardoise — échéances",
        // A year's last day ends on the next year's first.
        "DTEND;VALUE=DATE:20270101",
        // A title stays on one line.
        "SUMMARY:Tâche sur deux lignes",
      ]),
    );
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(2);
    // The event without a description or URL has neither line.
    const second = lines.slice(lines.indexOf("UID:t1-task-due@ardoise"));
    expect(second.slice(0, second.indexOf("END:VEVENT")).some((line) => line.startsWith("URL"))).toBe(false);
  });

  it("refuses a day that is not YYYY-MM-DD rather than writing a broken date", () => {
    expect(() =>
      serializeCalendar({
        name: "x",
        refreshHours: 4,
        events: [{ uid: "u", day: "05/03/2026", stamp: new Date(), summary: "s" }],
      }),
    ).toThrow(/calendar day/);
  });
});
