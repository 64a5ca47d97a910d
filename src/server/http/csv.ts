import type { Context } from "hono";

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

// Excel in France opens UTF-8 correctly only with a BOM, and splits columns on ';' (',' is the decimal mark).
const BOM = "\uFEFF";
const SEPARATOR = ";";

function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would be run as a formula by a spreadsheet (CSV injection); a negative amount
  // (credit note) is a number, not a formula.
  const isNumber = /^-?[\d\s\u202f]+(,\d+)?$/.test(text);
  const safe = !isNumber && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A French-spreadsheet CSV: UTF-8 with BOM, ';' separator, CRLF line ends, quoted where needed. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map((column) => cell(column.header)).join(SEPARATOR)];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(SEPARATOR));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

export function csvResponse(c: Context, filename: string, csv: string): Response {
  c.header("content-type", "text/csv; charset=utf-8");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(csv);
}
