import type { Context } from "hono";
import type { AuthVariables } from "../auth/session";
import type { Db } from "../db/client";
import { takeExportSlot } from "./export-slots";
import { backgroundTurn } from "./foreground";

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

// Excel in France opens UTF-8 correctly only with a BOM, and splits columns on ';' (',' is the decimal mark).
const BOM = "\uFEFF";
const SEPARATOR = ";";

const FORMULA_START = /^[=+\-@\t\r]/;
const FRENCH_NUMBER = /^-?[\d\s\u202f]+(,\d+)?$/;
const NEEDS_QUOTES = /[";\n\r]/;

function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would be run as a formula by a spreadsheet (CSV injection); a negative amount
  // (credit note) is a number, not a formula. The number is only looked for after such a start: an export
  // writes a million cells on the server's main thread (issue 26).
  const safe = FORMULA_START.test(text) && !FRENCH_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
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

/**
 * Lines formatted per turn of the event loop (issue 26): about a millisecond of the main thread here, after
 * which another user's request waiting for it runs. A database batch (250 rows) is formatted in several turns.
 */
export const CSV_LINES_PER_TURN = 50;

const encoder = new TextEncoder();

/**
 * The same CSV read batch by batch (issue 15): the header, then at most CSV_LINES_PER_TURN lines per pull,
 * each pull a background turn (foreground.ts: after the I/O of others that was waiting, and once the
 * requests in flight are answered or a few milliseconds have passed; a pull that followed the previous one
 * at once would run in the same turn). The stream pulls only when its reader wants more and the HTTP response reads only
 * as fast as the socket drains, so the server holds about one batch however long the file. A failing batch
 * errors the stream, which aborts the response: the download fails rather than ending short. `onEnd` runs
 * once the file is sent, has failed or was abandoned by the client.
 */
export function csvStream<Row>(
  columns: CsvColumn<Row>[],
  batches: AsyncIterator<Row[]>,
  onEnd: () => void = () => {},
): ReadableStream<Uint8Array> {
  let pending: Row[] = [];
  return new ReadableStream({
    start: (controller) => controller.enqueue(encoder.encode(toCsv(columns, []))),
    pull: async (controller) => {
      try {
        if (pending.length === 0) {
          const next = await batches.next();
          if (next.done) {
            controller.close();
            onEnd();
            return;
          }
          pending = next.value;
        }
        await backgroundTurn();
        controller.enqueue(encoder.encode(csvLines(columns, pending.slice(0, CSV_LINES_PER_TURN))));
        pending = pending.slice(CSV_LINES_PER_TURN);
      } catch (error) {
        onEnd();
        throw error;
      }
    },
    // The client went away: no further batch is read.
    cancel: async () => {
      onEnd();
      await batches.return?.(undefined);
    },
  });
}

/** Where an export's rows come from: all at once (a few thousand at most), or batch by batch. */
export type CsvRows<Row> = Promise<Row[]> | AsyncGenerator<Row[]>;

async function* whole<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

/**
 * A CSV download of the signed-in user's rows, read only once their export slot is taken (one export at a
 * time per user, export-slots.ts), and freed when the file is sent, fails or is abandoned. Rows read all at
 * once are read before the response starts, so that a failure is a JSON error, not a cut file.
 */
export async function csvResponse<Row>(
  c: Context<{ Variables: AuthVariables }>,
  db: Db,
  { filename, columns, rows }: { filename: string; columns: CsvColumn<Row>[]; rows: () => CsvRows<Row> },
): Promise<Response> {
  const free = await takeExportSlot(db, c.get("user").id);
  try {
    const source = rows();
    const batches = source instanceof Promise ? whole(await source) : source;
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="${filename}"`);
    return c.body(csvStream(columns, batches, free));
  } catch (error) {
    free();
    throw error;
  }
}
