import { describe, expect, it } from "vitest";
import {
  bannerItems,
  type ContextualAction,
  contextualActionsFor,
  groupByCategory,
  momentOf,
  normalizeRoute,
  PRIORITY_LABELS,
  priorityLevel,
  rankSuggestions,
  suggestionsFor,
  timeSuggestionsFor,
} from "./suggestions";

// Local times, as the browser reads them: 6 January 2025 is a Monday.
const monday = (hour: number, minute = 0) => new Date(2025, 0, 6, hour, minute);
const wednesday = (hour: number, minute = 0) => new Date(2025, 0, 8, hour, minute);
const friday = (hour: number, minute = 0) => new Date(2025, 0, 10, hour, minute);

const shown = (list: { id: string; relevance: number }[]) => list.map(({ id, relevance }) => [id, relevance]);

describe("suggestionsFor", () => {
  it("ranks the dashboard on a Wednesday morning by priority, page and moment", () => {
    // overdue 9×5 + 30 page + 20 morning = 95; pending quotes 7×5 + 30 + 20 = 85;
    // create invoice 8×5 + 30 = 70 ties with cash flow (also priority 8): catalogue order decides.
    expect(shown(suggestionsFor({ route: "/app/dashboard", now: wednesday(9) }))).toEqual([
      ["dashboard-overdue-invoices", 0.95],
      ["dashboard-pending-quotes", 0.85],
      ["dashboard-create-invoice", 0.7],
    ]);
  });

  it("treats /app as the dashboard, and ignores a trailing slash or a query", () => {
    const expected = suggestionsFor({ route: "/app/dashboard", now: wednesday(9) });
    expect(suggestionsFor({ route: "/app", now: wednesday(9) })).toEqual(expected);
    expect(suggestionsFor({ route: "/app/dashboard/?tab=1", now: wednesday(9) })).toEqual(expected);
  });

  it("moves the evening's actions up after 17h", () => {
    // report 7×5 + 30 + 20 evening = 85; overdue 45 + 30 = 75; create invoice 70.
    expect(shown(suggestionsFor({ route: "/app", now: wednesday(18) }))).toEqual([
      ["dashboard-financial-report", 0.85],
      ["dashboard-overdue-invoices", 0.75],
      ["dashboard-create-invoice", 0.7],
    ]);
  });

  it("adds the weekday bonus: invoicing finished projects enters the top 3 on Friday", () => {
    // Wednesday 9h: review 35 + 30 + 20 = 85, prioritize 30 + 30 + 20 = 80, create 70, invoice 40 + 30 = 70.
    expect(shown(suggestionsFor({ route: "/app/projects", now: wednesday(9) }))).toEqual([
      ["projects-review", 0.85],
      ["projects-prioritize", 0.8],
      ["projects-create", 0.7],
    ]);
    // Friday 9h: invoice 40 + 30 + 10 Friday = 80, ahead of prioritize (80) by its priority 8 > 6.
    expect(shown(suggestionsFor({ route: "/app/projects", now: friday(9) }))).toEqual([
      ["projects-review", 0.85],
      ["projects-invoice-finished", 0.8],
      ["projects-prioritize", 0.8],
    ]);
  });

  it("caps the relevance at 1 when every bonus applies", () => {
    // Friday 15h: invoice 40 + 30 + 20 afternoon + 10 Friday = 100.
    expect(suggestionsFor({ route: "/app/projects", now: friday(15) })[0]).toMatchObject({
      id: "projects-invoice-finished",
      relevance: 1,
    });
    // Monday 9h: overdue 45 + 30 + 20 + 10 = 105, capped.
    expect(suggestionsFor({ route: "/app", now: monday(9) })[0]).toMatchObject({
      id: "dashboard-overdue-invoices",
      relevance: 1,
    });
  });

  it("halves an action used recently", () => {
    const context = { route: "/app", now: wednesday(9), recentlyUsed: ["dashboard-overdue-invoices"] };
    expect(shown(suggestionsFor(context))).toEqual([
      ["dashboard-pending-quotes", 0.85],
      ["dashboard-create-invoice", 0.7],
      ["dashboard-cash-flow", 0.7],
    ]);
    expect(rankSuggestions(context).find(({ id }) => id === "dashboard-overdue-invoices")?.relevance).toBe(
      0.475,
    );
  });

  it("keeps only scores above 0.3: a halved 0.6 drops out", () => {
    // Prioritize on a Wednesday afternoon: 30 + 30 page = 60, halved to exactly 30.
    const now = wednesday(14);
    const ids = (recentlyUsed: string[]) =>
      rankSuggestions({ route: "/app/projects", now, recentlyUsed }).map(({ id }) => id);
    expect(ids([])).toContain("projects-prioritize");
    expect(ids(["projects-prioritize"])).not.toContain("projects-prioritize");
  });

  it("leaves dismissed actions out before taking the top 3", () => {
    const context = { route: "/app", now: wednesday(9), dismissed: ["dashboard-pending-quotes"] };
    expect(suggestionsFor(context).map(({ id }) => id)).toEqual([
      "dashboard-overdue-invoices",
      "dashboard-create-invoice",
      "dashboard-cash-flow",
    ]);
  });

  it("shows at most 3 of the actions that pass", () => {
    const context = { route: "/app", now: wednesday(9) };
    expect(rankSuggestions(context)).toHaveLength(7);
    expect(suggestionsFor(context)).toHaveLength(3);
  });

  it("offers only the time suggestions on a page without contextual actions", () => {
    // Plan the day: 7×5 + 20 morning = 55; halved when just used, 27.5 falls under the threshold.
    expect(shown(suggestionsFor({ route: "/app/invoices", now: wednesday(9) }))).toEqual([
      ["time-plan-day", 0.55],
    ]);
    expect(
      suggestionsFor({ route: "/app/invoices", now: wednesday(9), recentlyUsed: ["time-plan-day"] }),
    ).toEqual([]);
    expect(suggestionsFor({ route: "/app/invoices", now: wednesday(14) })).toEqual([]);
  });
});

describe("timeSuggestionsFor", () => {
  it("plans the day before noon and summarises it from 17h", () => {
    const titles = (now: Date) => timeSuggestionsFor(now).map(({ title }) => title);
    expect(titles(wednesday(11, 59))).toEqual(["Planifier ma journée"]);
    expect(titles(wednesday(12))).toEqual([]);
    expect(titles(wednesday(16, 59))).toEqual([]);
    expect(titles(wednesday(17))).toEqual(["Résumer ma journée"]);
  });

  it("cuts the day at noon and 17h", () => {
    expect([momentOf(wednesday(0)), momentOf(wednesday(12)), momentOf(wednesday(17))]).toEqual([
      "morning",
      "afternoon",
      "evening",
    ]);
  });
});

describe("contextualActionsFor", () => {
  it("defines actions only for the dashboard and the projects list", () => {
    expect(contextualActionsFor("/app/dashboard")).toHaveLength(6);
    expect(contextualActionsFor("/app")).toHaveLength(6);
    expect(contextualActionsFor("/app/projects")).toHaveLength(4);
    expect(contextualActionsFor("/app/invoices")).toEqual([]);
    expect(contextualActionsFor("/app/projects/42")).toEqual([]);
  });

  it("gives each action the spec's shape, with a French prompt and a priority out of 10", () => {
    for (const action of [...contextualActionsFor("/app"), ...contextualActionsFor("/app/projects")]) {
      expect(Object.keys(action).sort()).toEqual(
        ["category", "description", "icon", "id", "priority", "prompt", "title"].sort(),
      );
      expect(action.priority).toBeGreaterThanOrEqual(1);
      expect(action.priority).toBeLessThanOrEqual(10);
      expect(action.prompt.length).toBeGreaterThan(0);
    }
  });
});

describe("normalizeRoute", () => {
  it("keeps the root and folds the dashboard alias", () => {
    expect(normalizeRoute("/")).toBe("/");
    expect(normalizeRoute("/app/dashboard")).toBe("/app");
    expect(normalizeRoute("/app/projects/#top")).toBe("/app/projects");
  });
});

const action = (id: string, priority: number, category: ContextualAction["category"] = "create") => ({
  id,
  title: id,
  description: "",
  prompt: id,
  category,
  icon: "FilePlus" as const,
  priority,
});

describe("bannerItems", () => {
  it("keeps up to 3 items with priority at least 8, in order", () => {
    const items = [action("a", 9), action("b", 7), action("c", 8), action("d", 10), action("e", 8)];
    expect(bannerItems(items).map(({ id }) => id)).toEqual(["a", "c", "d"]);
  });
});

describe("priorityLevel", () => {
  it("reads 8–10 as Urgent, 5–7 as Important, below as Optionnel", () => {
    expect([10, 8, 7, 5, 4, 1].map((priority) => PRIORITY_LABELS[priorityLevel(priority)])).toEqual([
      "Urgent",
      "Urgent",
      "Important",
      "Important",
      "Optionnel",
      "Optionnel",
    ]);
  });
});

describe("groupByCategory", () => {
  it("groups in a fixed category order and leaves out the empty ones", () => {
    const groups = groupByCategory([
      action("a", 5, "time"),
      action("b", 5, "analyze"),
      action("c", 5, "time"),
    ]);
    expect(groups.map(({ category, actions }) => [category, actions.map(({ id }) => id)])).toEqual([
      ["analyze", ["b"]],
      ["time", ["a", "c"]],
    ]);
  });
});
