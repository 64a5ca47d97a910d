import type { BusinessAction, Insight } from "@shared/schemas/analysis";
import { describe, expect, it } from "vitest";
import { linkActions } from "./link-actions";

const action = (id: string, href: string | null = `/app/${id}`) => ({ id, href }) as BusinessAction;
const insight = (id: string, actions: string[]) => ({ id, actions }) as Insight;

describe("the action links of the health card", () => {
  it("offers each action once, the most constrained insight choosing first", () => {
    const links = linkActions(
      [
        insight("health_score", ["remind_overdue", "create_project"]),
        insight("cash_ratio", ["remind_overdue", "ask_deposits"]),
        insight("overdue_invoices", ["remind_overdue"]),
        insight("revenue_decline", []),
      ],
      [action("remind_overdue"), action("create_project"), action("ask_deposits")],
    );
    expect(Object.fromEntries([...links].map(([id, linked]) => [id, linked.id]))).toEqual({
      overdue_invoices: "remind_overdue",
      health_score: "create_project",
      cash_ratio: "ask_deposits",
    });
  });

  it("skips actions without a page", () => {
    const links = linkActions([insight("cash_ratio", ["remind_overdue"])], [action("remind_overdue", null)]);
    expect(links.size).toBe(0);
  });
});
