import type { DashboardDto } from "@shared/schemas/dashboard";
import type { IdentitySettingsDto } from "@shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { firstRunSteps } from "./first-run-steps";

const none: DashboardDto["counts"] = { clients: 0, invoices: 0, issuedInvoices: 0, quotes: 0, expenses: 0 };
const settings = (missing: string[], activityCategory: "bnc" | null) =>
  ({ identity: { activityCategory }, missingForInvoicing: missing }) as unknown as IdentitySettingsDto;

const done = (steps: ReturnType<typeof firstRunSteps>) =>
  steps.filter((step) => step.isDone).map((step) => step.id);

describe("first-run checklist", () => {
  it("starts with nothing checked, the identity first, each step a link", () => {
    const steps = firstRunSteps(none, settings(["Adresse"], null));
    expect(steps.map((step) => step.id)).toEqual(["identity", "client", "document", "issue"]);
    expect(done(steps)).toEqual([]);
    expect(steps[0]?.to).toBe("/app/settings#identite");
  });

  it("checks the identity only when invoicing needs nothing more and the activity is given", () => {
    expect(done(firstRunSteps(none, settings([], null)))).toEqual([]);
    expect(done(firstRunSteps(none, settings([], "bnc")))).toEqual(["identity"]);
    expect(done(firstRunSteps(none, undefined))).toEqual([]);
  });

  it("checks the other steps from the account's records", () => {
    expect(done(firstRunSteps({ ...none, clients: 1, quotes: 1 }, undefined))).toEqual([
      "client",
      "document",
    ]);
    expect(done(firstRunSteps({ ...none, invoices: 2, issuedInvoices: 1 }, undefined))).toEqual([
      "document",
      "issue",
    ]);
  });
});
