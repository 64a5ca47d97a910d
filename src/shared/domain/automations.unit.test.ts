import { describe, expect, it } from "vitest";
import {
  nextOccurrenceAfter,
  nextWeeklySummaryAt,
  occurrenceEnd,
  type Recurrence,
  recurringOccurrences,
  runsAutomatically,
} from "./automations";

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
  it("runs every kind the assistant and the page create, not a manual rule nor a webhook", () => {
    expect(runsAutomatically({ type: "invoice_overdue" }, { type: "send_reminder" })).toBe(true);
    expect(runsAutomatically({ type: "schedule" }, { type: "send_summary" })).toBe(true);
    expect(runsAutomatically({ type: "quote_expiring" }, { type: "notify" })).toBe(true);
    expect(runsAutomatically({ type: "client_created" }, { type: "send_welcome" })).toBe(true);
    expect(runsAutomatically({ type: "invoice_paid" }, { type: "send_thanks" })).toBe(true);
    expect(runsAutomatically({ type: "task_due" }, { type: "notify" })).toBe(true);
    expect(runsAutomatically({ type: "recurring" }, { type: "create_invoice" })).toBe(true);
    expect(runsAutomatically({ type: "manual" }, { type: "notify" })).toBe(false);
    expect(runsAutomatically({ type: "invoice_paid" }, { type: "webhook" })).toBe(false);
  });
});

describe("recurring occurrences", () => {
  const monthly: Recurrence = {
    frequency: "monthly",
    dayOfMonth: 31,
    startDate: "2026-01-15",
    endDate: null,
  };

  it("falls on the month's last day when it is shorter, from the start day on", () => {
    expect(recurringOccurrences(monthly, "2026-05-01")).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(recurringOccurrences({ ...monthly, startDate: "2028-02-01" }, "2028-02-29")).toEqual([
      "2028-02-29",
    ]);
  });

  it("skips a start month whose day is already past, and stops at the end date", () => {
    const quarterly: Recurrence = {
      frequency: "quarterly",
      dayOfMonth: 1,
      startDate: "2026-01-02",
      endDate: "2026-10-01",
    };
    expect(recurringOccurrences(quarterly, "2030-01-01")).toEqual(["2026-04-01", "2026-07-01", "2026-10-01"]);
    expect(nextOccurrenceAfter(quarterly, "2026-04-01")).toBe("2026-07-01");
    expect(nextOccurrenceAfter(quarterly, "2026-10-01")).toBeNull();
  });

  it("yearly, with the period each occurrence covers", () => {
    const yearly: Recurrence = { frequency: "yearly", dayOfMonth: 1, startDate: "2026-03-01", endDate: null };
    expect(recurringOccurrences(yearly, "2028-03-01")).toEqual(["2026-03-01", "2027-03-01", "2028-03-01"]);
    expect(occurrenceEnd(yearly, "2027-03-01")).toBe("2028-02-29");
    expect(occurrenceEnd({ ...yearly, frequency: "monthly" }, "2026-02-01")).toBe("2026-02-28");
  });
});
