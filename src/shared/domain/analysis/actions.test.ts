import { describe, expect, it } from "vitest";
import type { BusinessAction } from "../../schemas/analysis";
import { actionsFor, canRunAutonomously } from "./actions";
import { figuresWith } from "./fixtures";

describe("the actions", () => {
  it("offer to remind every overdue invoice, with the user's confirmation", () => {
    const { actions } = actionsFor(figuresWith({ overdueCount: 4, overdueCents: 350_000 }), new Set());
    expect(actions).toEqual([
      expect.objectContaining({
        id: "remind_overdue",
        type: "send",
        title: "Relancer les 4 factures en retard",
        description: "Un rappel courtois, facture jointe, pour récupérer 3\u202f500\u00a0€.",
        impact: "high",
        estimatedValueCents: 350_000,
        automated: true,
        requiresConfirmation: true,
        href: "/app/invoices?statut=en-retard",
      }),
      expect.objectContaining({
        id: "mark_overdue",
        type: "update",
        automated: true,
        requiresConfirmation: false,
      }),
    ]);
    expect(actions[0]?.executionPlan).toHaveLength(3);
  });

  it("let only the status update run alone, never the reminders", () => {
    const [remind, mark] = actionsFor(figuresWith({ overdueCount: 4 }), new Set()).actions;
    expect(remind && canRunAutonomously(remind)).toBe(false);
    expect(mark && canRunAutonomously(mark)).toBe(true);
  });

  it("speak of one invoice in the singular, with a medium impact up to 3", () => {
    const [one] = actionsFor(figuresWith({ overdueCount: 1 }), new Set()).actions;
    expect(one).toMatchObject({ title: "Relancer la facture en retard", impact: "medium" });
    const [three] = actionsFor(figuresWith({ overdueCount: 3 }), new Set()).actions;
    expect(three).toMatchObject({ title: "Relancer les 3 factures en retard", impact: "medium" });
  });

  it("answer the findings, highest impact first, and say which answers which", () => {
    const { actions, answering } = actionsFor(
      figuresWith({ overdueCount: 0, activeProjects: 0 }),
      new Set(["slow_collection", "cash_shortfall", "no_active_project"]),
    );
    expect(actions.map((action) => [action.id, action.impact])).toEqual([
      ["issue_invoices", "high"],
      ["ask_deposits", "medium"],
      ["create_project", "medium"],
    ]);
    expect(answering("cash_ratio")).toEqual(["ask_deposits"]);
    expect(answering("no_active_project")).toEqual(["create_project"]);
    expect(answering("busy_projects")).toEqual([]);
  });
});

describe("spec §9: autonomous actions run only when automated with a high impact, or of type update", () => {
  const action = (overrides: Partial<BusinessAction>) => ({
    type: "review" as const,
    impact: "medium" as const,
    automated: false,
    requiresConfirmation: false,
    ...overrides,
  });

  it("runs an automated action of high impact", () => {
    expect(canRunAutonomously(action({ automated: true, impact: "high" }))).toBe(true);
  });

  it("runs an update, whatever its impact or automation", () => {
    expect(canRunAutonomously(action({ type: "update", impact: "low" }))).toBe(true);
  });

  it("does not run an automated action of medium impact, nor a manual one of high impact", () => {
    expect(canRunAutonomously(action({ automated: true, impact: "medium" }))).toBe(false);
    expect(canRunAutonomously(action({ automated: false, impact: "high" }))).toBe(false);
  });

  it("never runs what needs the user's confirmation, such as sending reminders", () => {
    expect(canRunAutonomously(action({ automated: true, impact: "high", requiresConfirmation: true }))).toBe(
      false,
    );
    expect(canRunAutonomously(action({ type: "update", requiresConfirmation: true }))).toBe(false);
    const [remind] = actionsFor(figuresWith({ overdueCount: 6 }), new Set()).actions;
    expect(remind && canRunAutonomously(remind)).toBe(false);
  });
});
