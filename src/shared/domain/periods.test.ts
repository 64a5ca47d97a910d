import { describe, expect, it } from "vitest";
import { monthPeriod, previousPeriod, yearPeriod, yearToDate } from "./periods";

describe("periods", () => {
  it("names a month in French", () => {
    expect(monthPeriod("2026-02-14")).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
      label: "en février 2026",
    });
  });

  it("compares a month with the month before, across a year", () => {
    expect(previousPeriod(monthPeriod("2026-01-10"))).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
      label: "en décembre 2025",
    });
  });

  it("compares a quarter with the quarter before", () => {
    expect(previousPeriod({ from: "2026-04-01", to: "2026-06-30", label: "ce trimestre" })).toMatchObject({
      from: "2026-01-01",
      to: "2026-03-31",
    });
  });

  it("compares a year, and a year to date with the same days a year earlier", () => {
    expect(previousPeriod(yearPeriod(2026))).toEqual(yearPeriod(2025));
    expect(previousPeriod(yearToDate("2026-03-18"))).toEqual({
      from: "2025-01-01",
      to: "2025-03-18",
      label: "sur la même période de 2025",
    });
    expect(previousPeriod(yearToDate("2028-02-29")).to).toBe("2027-02-28");
  });

  it("compares any other span with the same number of days just before", () => {
    expect(previousPeriod({ from: "2026-03-11", to: "2026-03-17", label: "cette semaine" })).toMatchObject({
      from: "2026-03-04",
      to: "2026-03-10",
    });
  });
});
