import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spaRoutes } from "./spa";

const clientDir = mkdtempSync(join(tmpdir(), "ardoise-spa-"));
mkdirSync(join(clientDir, "pages", "app"), { recursive: true });
writeFileSync(join(clientDir, "index.html"), "<div id=root>shell</div>");
writeFileSync(join(clientDir, "pages", "auth.html"), "<div id=root data-prerendered>Connexion</div>");
writeFileSync(
  join(clientDir, "pages", "app", "invoices.html"),
  "<link rel=modulepreload><div id=root></div>",
);
const app = spaRoutes(clientDir);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe("spaRoutes", () => {
  it("serves the prerendered sign-in page for its bare path", async () => {
    const response = await app.request("/auth");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("Connexion");
  });

  it("serves a page's own HTML at a nested path", async () => {
    expect(await (await app.request("/app/invoices")).text()).toContain("modulepreload");
  });

  it("serves the shell when a query string may change the page, and on every other path", async () => {
    for (const path of ["/auth?mode=reset", "/auth/callback", "/app/invoices?page=2", "/app", "/"])
      expect(await (await app.request(path)).text(), path).toBe("<div id=root>shell</div>");
  });
});
