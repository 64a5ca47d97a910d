import { describe, expect, it } from "vitest";
import { reminderSchedule } from "./reminders";

describe("payment reminders", () => {
  it("come 7 and 3 days before the due date and on it", () => {
    expect(reminderSchedule("2026-12-21", "2026-11-21")).toEqual([
      { daysBeforeDue: 7, on: "2026-12-14" },
      { daysBeforeDue: 3, on: "2026-12-18" },
      { daysBeforeDue: 0, on: "2026-12-21" },
    ]);
  });

  it("skip the ones already behind, keep the due date itself until it passes", () => {
    expect(reminderSchedule("2026-11-25", "2026-11-21")).toEqual([
      { daysBeforeDue: 3, on: "2026-11-22" },
      { daysBeforeDue: 0, on: "2026-11-25" },
    ]);
    expect(reminderSchedule("2026-11-21", "2026-11-21")).toEqual([{ daysBeforeDue: 0, on: "2026-11-21" }]);
    expect(reminderSchedule("2026-11-20", "2026-11-21")).toEqual([]);
  });
});
