import { formatAmount } from "@shared/format";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

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
