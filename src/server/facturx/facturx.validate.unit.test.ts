import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { renderCommercialDocumentPdf } from "../pdf/commercial-document-pdf";
import { facturxXml } from "./cii";
import { FACTURX_CASES, facturxCase } from "./facturx-cases";

// Every case through the official rules (vendor/facturx/validate.sh: Factur-X XSD, CEN EN 16931, FNFE
// Factur-X and French BR-FR schematrons), from the PDF as a client receives it. SaxonJS runs the
// schematrons: the first run compiles them (about a minute each, cached in vendor/facturx/.sef), then a
// case takes some seconds on an idle machine; two cases run at a time.

const run = promisify(execFile);
const validate = fileURLToPath(new URL("../../../vendor/facturx/validate.sh", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "ardoise-facturx-validate-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function validateCase(name: string): Promise<string> {
  const document = facturxCase(name);
  const path = join(work, `${name}.pdf`);
  writeFileSync(
    path,
    await renderCommercialDocumentPdf(document, {
      footer: null,
      logo: null,
      facturx: { xml: facturxXml(document), issuedAt: new Date("2026-10-15T09:00:00Z") },
    }),
  );
  const { stdout } = await run("bash", [validate, path], { maxBuffer: 10_000_000 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout}\n${error.stderr}` }),
  );
  return stdout;
}

/** Runs `task` over `items`, `limit` at a time, results in input order. */
async function pooled<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe("Factur-X EN 16931 validation (official XSD and schematrons)", () => {
  const names = Object.keys(FACTURX_CASES);
  let reports: Promise<Record<string, string>> | undefined;
  // The first case alone compiles the schematrons once; the others then share the cache.
  const allReports = () => {
    reports ??= (async () => {
      const [first = "", ...rest] = names;
      const head = await validateCase(first);
      const tail = await pooled(rest, 2, validateCase);
      return Object.fromEntries(
        [first, ...rest].map((name, index) => [name, index ? tail[index - 1] : head]),
      );
    })() as Promise<Record<string, string>>;
    return reports;
  };

  it.each(names)("%s is VALID", { timeout: 15 * 60_000 }, async (name) => {
    const report = (await allReports())[name] ?? "";
    expect(report, report).toMatch(/^VALID$/m);
    for (const layer of ["EN16931-CII", "FACTUR-X_EN16931", "BR-FR"]) {
      expect(report, report).toMatch(new RegExp(`## ${layer}: rules fired=[1-9]\\d* errors=0`));
    }
  });
});
