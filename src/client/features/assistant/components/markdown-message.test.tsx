import { escapeMarkdown } from "@shared/markdown";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MarkdownMessage } from "./markdown-message";

// Rendered to static HTML: what the user's browser receives, without a DOM library in the unit project.
const render = (content: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MarkdownMessage content={content} />
    </MemoryRouter>,
  );
const anchors = (html: string) =>
  [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1], m[2]]);

describe("MarkdownMessage", () => {
  it("renders links to the app's own pages as links", () => {
    const html = render("- [FAC-2026-0001](/app/invoices/42) — Dupont\n\n[Voir les tarifs](/pricing)");
    expect(anchors(html)).toEqual([
      ["/app/invoices/42", "FAC-2026-0001"],
      ["/pricing", "Voir les tarifs"],
    ]);
  });

  it("shows a link to another site as its text only, never as an <a>", () => {
    for (const content of [
      "Cliquez [ici](https://evil.example) pour payer.",
      "[ici](//evil.example/app)",
      "[ici](javascript:alert(1))",
      "<https://evil.example>",
      "[ici](/api/account/sign-out)",
    ]) {
      const html = render(content);
      expect(anchors(html), content).toEqual([]);
      expect(html).not.toContain('evil.example"');
    }
    expect(render("Cliquez [ici](https://evil.example) pour payer.")).toContain(
      "Cliquez <span>ici</span> pour payer.",
    );
  });

  it("shows an escaped record label as the characters the user typed", () => {
    const html = render(`- [${escapeMarkdown("[x](https://evil.example)")}](/app/clients/7) — Prospect`);
    expect(anchors(html)).toEqual([["/app/clients/7", "[x](https://evil.example)"]]);
  });
});
