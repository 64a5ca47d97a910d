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

const line = <Row>(columns: CsvColumn<Row>[], row: Row) =>
  `${columns.map((column) => cell(column.value(row))).join(SEPARATOR)}\r\n`;

/** The lines of `rows`, without the BOM and header. */
function csvLines<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  let lines = "";
  for (const row of rows) lines += line(columns, row);
  return lines;
}

/** A French-spreadsheet CSV: UTF-8 with BOM, ';' separator, CRLF line ends, quoted where needed. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const header = `${columns.map((column) => cell(column.header)).join(SEPARATOR)}\r\n`;
  return `${BOM}${header}${csvLines(columns, rows)}`;
}

const encoder = new TextEncoder();

/**
 * The same CSV read batch by batch (issue 15): the header, then one batch's lines per pull. The stream pulls
 * only when its reader wants more and the HTTP response reads only as fast as the socket drains, so the
 * server holds about one batch however long the file. A failing batch errors the stream, which aborts the
 * response: the download fails rather than ending short.
 */
export function csvStream<Row>(
  columns: CsvColumn<Row>[],
  batches: AsyncGenerator<Row[]>,
): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start: (controller) => controller.enqueue(encoder.encode(toCsv(columns, []))),
    pull: async (controller) => {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(columns, next.value)));
    },
    // The client went away: no further batch is read.
    cancel: async () => {
      await batches.return(undefined);
    },
  });
}

export function csvResponse(
  c: Context,
  filename: string,
  csv: string | ReadableStream<Uint8Array>,
): Response {
  c.header("content-type", "text/csv; charset=utf-8");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(csv);
}
