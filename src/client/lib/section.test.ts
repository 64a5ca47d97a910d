import { describe, expect, it } from "vitest";
import { sectionFromPath } from "./section";

describe("sectionFromPath", () => {
  it.each([
    ["/app/projects", "projects"],
    ["/app/projects/new", "projects"],
    ["/app/quotes", "quotes"],
    ["/app/quotes/edit/42", "quotes"],
    ["/app/clients/abc", "clients"],
    ["/app/profile", "profile"],
    ["/app/invoices/", "invoices"],
    ["/app/invoices/9", "invoices"],
    ["/app/expenses/3", "expenses"],
    ["/app/automations", "automations"],
    ["/app/contracts/templates/1", "contracts"],
  ])("%s is in %s", (path, section) => {
    expect(sectionFromPath(path)).toBe(section);
  });

  it.each(["/app", "/app/", "/app/crm", "/app/settings", "/app/agent-ia", "/app/integrations", "/pricing"])(
    "%s falls back to projects",
    (path) => {
      expect(sectionFromPath(path)).toBe("projects");
    },
  );

  it("matches whole segments only", () => {
    expect(sectionFromPath("/app/quotes-archive")).toBe("projects");
    expect(sectionFromPath("/app/clientsfoo")).toBe("projects");
  });
});
