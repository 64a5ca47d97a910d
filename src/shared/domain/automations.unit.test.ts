import { describe, expect, it } from "vitest";
import { nextWeeklySummaryAt, runsAutomatically } from "./automations";

describe("weekly summary schedule", () => {
  it("is the coming Monday at 07:00 UTC", () => {
    // Sunday 22 November 2026, evening in Paris.
    expect(nextWeeklySummaryAt(new Date("2026-11-22T20:00:00Z")).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
    // Wednesday.
    expect(nextWeeklySummaryAt(new Date("2026-11-25T10:00:00Z")).toISOString()).toBe(
      "2026-11-30T07:00:00.000Z",
    );
  });

  it("on a Monday, is that morning before the hour and the next Monday after it", () => {
    expect(nextWeeklySummaryAt(new Date("2026-11-23T06:59:00Z")).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
    expect(nextWeeklySummaryAt(new Date("2026-11-23T07:00:00Z")).toISOString()).toBe(
      "2026-11-30T07:00:00.000Z",
    );
  });

  it("follows the Paris calendar day: Sunday 23:30 UTC is already Monday in Paris", () => {
    expect(nextWeeklySummaryAt(new Date("2026-11-22T23:30:00Z")).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
  });
});

describe("which rules run", () => {
  it("runs the overdue relances and the weekly summary, not the others yet", () => {
    expect(runsAutomatically({ type: "invoice_overdue" }, { type: "send_reminder" })).toBe(true);
    expect(runsAutomatically({ type: "schedule" }, { type: "send_summary" })).toBe(true);
    expect(runsAutomatically({ type: "quote_expiring" }, { type: "notify" })).toBe(false);
    expect(runsAutomatically({ type: "manual" }, { type: "notify" })).toBe(false);
  });
});
