import { describe, expect, it } from "vitest";
import { escapeMarkdown, isAppHref } from "./markdown";

describe("escapeMarkdown", () => {
  it("keeps a pasted link as text", () => {
    expect(escapeMarkdown("[x](https://evil.example)")).toBe("\\[x\\](https://evil.example)");
  });

  it("leaves plain French names readable", () => {
    expect(escapeMarkdown("Hôtel du Lac")).toBe("Hôtel du Lac");
  });

  it("cannot open a list, a heading or an image on its own line", () => {
    expect(escapeMarkdown("Titre\n# Section\n- ![a](b)")).toBe("Titre # Section - \\!\\[a\\](b)");
  });

  it("keeps invoice numbers, amounts and dates as they are written", () => {
    expect(escapeMarkdown("INV-2026-0042 · -1 068,00 € · 4 mars 2026.")).toBe(
      "INV-2026-0042 · -1 068,00 € · 4 mars 2026.",
    );
  });

  it("turns autolink, emphasis and code syntax into literal characters", () => {
    expect(escapeMarkdown("<https://evil.example>")).toBe("\\<https://evil.example\\>");
    expect(escapeMarkdown("**gras** _it_ `code`")).toBe("\\*\\*gras\\*\\* \\_it\\_ \\`code\\`");
  });
});

describe("isAppHref", () => {
  it("accepts the working area and the product's own pages", () => {
    for (const href of [
      "/app",
      "/app/invoices/123",
      "/app/invoices?status=en-retard",
      "/pricing",
      "/faq#tva",
    ])
      expect(isAppHref(href), href).toBe(true);
  });

  it("refuses other sites, other schemes, the API and paths that are not pages", () => {
    for (const href of [
      undefined,
      "https://evil.example",
      "//evil.example/app",
      "/\\evil.example",
      "javascript:alert(1)",
      "mailto:a@b.fr",
      "app/invoices",
      "/api/invoices/1/pdf",
      "/application",
      "/app/../api/account",
      "/unknown",
    ])
      expect(isAppHref(href), String(href)).toBe(false);
  });
});
