import { describe, expect, it } from "vitest";
import { escapeMarkdown } from "./markdown";

describe("escapeMarkdown", () => {
  it("keeps a pasted link as text", () => {
    expect(escapeMarkdown("[x](https://evil.example)")).toBe("\\[x\\]\\(https://evil\\.example\\)");
  });

  it("leaves plain French names readable", () => {
    expect(escapeMarkdown("Hôtel du Lac")).toBe("Hôtel du Lac");
  });

  it("cannot open a list, a heading or an image on its own line", () => {
    expect(escapeMarkdown("# Titre\n- ![a](b)")).toBe("\\# Titre \\- \\!\\[a\\]\\(b\\)");
  });
});
