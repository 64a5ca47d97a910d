import { describe, expect, it } from "vitest";
import { escapeMarkdown, isAppHref } from "./markdown";

describe("escapeMarkdown", () => {
  it("turns link, image, emphasis and code syntax into literal characters", () => {
    expect(escapeMarkdown("[x](https://evil.example)")).toBe("\\[x\\](https://evil.example)");
    expect(escapeMarkdown("![pixel](https://evil.example/p.png)")).toBe(
      "\\!\\[pixel\\](https://evil.example/p.png)",
    );
    expect(escapeMarkdown("<https://evil.example>")).toBe("\\<https://evil.example\\>");
    expect(escapeMarkdown("**gras** _it_ `code` ~~barré~~")).toBe(
      "\\*\\*gras\\*\\* \\_it\\_ \\`code\\` \\~\\~barré\\~\\~",
    );
    expect(escapeMarkdown("a\\[b")).toBe("a\\\\\\[b");
  });

  it("keeps a label on its line: a line break cannot start a heading or a list item", () => {
    expect(escapeMarkdown("Dupont\n# Titre\r\n- item")).toBe("Dupont \\# Titre - item");
  });

  it("leaves ordinary French names as they are", () => {
    expect(escapeMarkdown("Boulangerie Dupont & Fils (Lyon) — l'Hôtel du Lac, 12.5 %")).toBe(
      "Boulangerie Dupont & Fils (Lyon) — l'Hôtel du Lac, 12.5 %",
    );
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
