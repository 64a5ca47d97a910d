import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabaseKind } from "./database";

// pdftotext reads the narrow no-break space of French amounts back as a plain space.
export const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** The text of a PDF as poppler reads it; a PNG of its first page is kept under test-results/ for a look. */
export function pdfText(bytes: ArrayBuffer, name: string): string {
  const path = join(tmpdir(), `${name}-${process.pid}.pdf`);
  writeFileSync(path, Buffer.from(bytes));
  mkdirSync("test-results/pdf", { recursive: true });
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "70",
    "-f",
    "1",
    "-l",
    "1",
    path,
    `test-results/pdf/${name}-${testDatabaseKind}`,
  ]);
  const pages = execFileSync("pdfinfo", [path])
    .toString("utf8")
    .match(/Pages:\s+(\d+)/)?.[1];
  return `${spaces(execFileSync("pdftotext", ["-layout", path, "-"]).toString("utf8"))}\n[pages: ${pages}]`;
}
