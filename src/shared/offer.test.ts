import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_BUILT_YET, registrationOffer, unbuiltClaimsIn } from "./offer";

const root = join(import.meta.dirname, "..", "..");
const filesUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(root, folder, name));

/** Where the product describes itself to someone deciding to pay: landing, pricing, FAQ, about, payment. */
const MARKETING_SOURCES = [
  ...filesUnder("src/client/features/marketing"),
  ...filesUnder("src/client/app/routes/public"),
  ...filesUnder("src/client/app/routes/payment"),
];

// JSX wraps sentences over several lines and splits them around {" "}: read the words as a visitor does.
const readable = (source: string) => source.replace(/\{" "\}/g, " ").replace(/\s+/g, " ");

describe("marketing claims", () => {
  it("finds a claim of an unbuilt feature, whatever its case or line breaks", () => {
    expect(unbuiltClaimsIn("Devis : SIGNEZ EN LIGNE, simplement.")).toEqual([
      { id: "e-signature", claim: "signez en ligne" },
    ]);
    expect(unbuiltClaimsIn(readable("Rapprochement\n   bancaire et OCR"))).toHaveLength(2);
    // Whole words only: "vocabulaire" is not a voice agent.
    expect(unbuiltClaimsIn("Un vocabulaire simple")).toEqual([]);
  });

  it("lists each unbuilt feature once, with the words that would claim it", () => {
    const ids = NOT_BUILT_YET.map((feature) => feature.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["voice", "urssaf-filing", "e-invoice-reception"]));
    for (const feature of NOT_BUILT_YET) expect(feature.claims.length, feature.id).toBeGreaterThan(0);
  });

  it("keeps the offer's inclusions to what is built", () => {
    expect(unbuiltClaimsIn(JSON.stringify(registrationOffer))).toEqual([]);
  });

  it("keeps the landing, pricing, FAQ, about and payment pages to what is built", () => {
    expect(MARKETING_SOURCES.length).toBeGreaterThan(10);
    const claims = MARKETING_SOURCES.flatMap((file) =>
      unbuiltClaimsIn(readable(readFileSync(file, "utf8"))).map(
        (claim) => `${relative(root, file)}: « ${claim.claim} » (${claim.id})`,
      ),
    );
    expect(claims).toEqual([]);
  });
});
