import { describe, expect, it } from "vitest";
import { moreLinesNote } from "./einvoicing";

describe("moreLinesNote", () => {
  it("counts the lines not shown, in French, and says nothing when all are", () => {
    const shown = Array.from({ length: 200 }, () => ({}));
    expect(moreLinesNote({ lines: shown, lineCount: 11_000 })).toBe(
      "… et 10\u202f800 autres lignes, comptées dans les totaux et gardées dans le fichier importé.",
    );
    expect(moreLinesNote({ lines: shown, lineCount: 201 })).toBe(
      "… et 1 autre ligne, comptée dans les totaux et gardée dans le fichier importé.",
    );
    expect(moreLinesNote({ lines: shown, lineCount: 200 })).toBeNull();
  });
});
