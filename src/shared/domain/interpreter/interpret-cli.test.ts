import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { interpretationResult } from "../../schemas/interpretation";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

// The command the issue documents, exactly: whatever npm prints must not reach standard output.
function interpret(input: string, args: string[]): string {
  return execFileSync("npm", ["run", "--silent", "interpret", "--", ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
  });
}

describe("npm run --silent interpret", () => {
  it("writes one JSON interpretation per command line, blank lines skipped", () => {
    const input = [
      "Crée une facture pour Dupont de 500 €",
      "",
      "J'ai payé 45,90 € de train hier",
      "Synchronise avec Google Calendar",
      "",
    ].join("\n");
    const lines = interpret(input, ["--now", "2026-03-10"]).split("\n");
    expect(lines.pop()).toBe("");
    const results = lines.map((line) => interpretationResult.parse(JSON.parse(line)));
    expect(results.map((result) => result.action)).toEqual([
      "create_invoice",
      "create_expense",
      "use_integration",
    ]);
    expect(results[1]?.entities).toMatchObject({ amount: 45.9, category: "transport", date: "2026-03-09" });
  }, 30_000);

  it("refuses a --now that is not a calendar day", () => {
    expect(() => interpret("Bonjour\n", ["--now", "2026-02-30"])).toThrow(/Date invalide/);
  }, 30_000);
});
