import { describe, expect, it } from "vitest";
import {
  declarationPeriodOf,
  declarationToRemind,
  isAcrePeriod,
  periodPhrase,
  upcomingDeclaration,
} from "./urssaf-calendar";

const monthly = { frequency: "mensuelle" as const, creationDate: "2020-01-01" };
const quarterly = { frequency: "trimestrielle" as const, creationDate: "2020-01-01" };

describe("declaration periods and deadlines", () => {
  it("declares a month by the end of the next month", () => {
    expect(declarationPeriodOf("2026-03-14", monthly)).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      deadline: "2026-04-30",
      label: "mars 2026",
      isFirst: false,
    });
    expect(declarationPeriodOf("2026-01-31", monthly).deadline).toBe("2026-02-28");
    expect(declarationPeriodOf("2026-12-01", monthly).deadline).toBe("2027-01-31");
  });

  it("declares a quarter by 30 April, 31 July, 31 October and 31 January", () => {
    expect(
      ["2026-02-10", "2026-05-10", "2026-08-10", "2026-11-10"].map((day) =>
        declarationPeriodOf(day, quarterly),
      ),
    ).toMatchObject([
      { from: "2026-01-01", to: "2026-03-31", deadline: "2026-04-30", label: "1er trimestre 2026" },
      { from: "2026-04-01", to: "2026-06-30", deadline: "2026-07-31", label: "2e trimestre 2026" },
      { from: "2026-07-01", to: "2026-09-30", deadline: "2026-10-31", label: "3e trimestre 2026" },
      { from: "2026-10-01", to: "2026-12-31", deadline: "2027-01-31", label: "4e trimestre 2026" },
    ]);
  });

  it("groups the first months of activity into the first declaration (service-public's examples)", () => {
    // Monthly, started 6 March 2025: first declaration by 31 July 2025.
    const first = declarationPeriodOf("2025-04-20", { frequency: "mensuelle", creationDate: "2025-03-06" });
    expect(first).toEqual({
      from: "2025-03-06",
      to: "2025-06-30",
      deadline: "2025-07-31",
      label: "du 6 mars au 30 juin 2025",
      isFirst: true,
    });
    expect(
      declarationPeriodOf("2025-07-02", { frequency: "mensuelle", creationDate: "2025-03-06" }),
    ).toMatchObject({
      from: "2025-07-01",
      deadline: "2025-08-31",
    });
    // Started on the 1st: three whole months, declared the month after.
    expect(
      declarationPeriodOf("2025-03-01", { frequency: "mensuelle", creationDate: "2025-03-01" }),
    ).toMatchObject({
      to: "2025-05-31",
      deadline: "2025-06-30",
    });
    // Quarterly, started 4 January: the first two quarters, by 31 July.
    expect(
      declarationPeriodOf("2025-01-04", { frequency: "trimestrielle", creationDate: "2025-01-04" }),
    ).toMatchObject({
      from: "2025-01-04",
      to: "2025-06-30",
      deadline: "2025-07-31",
      isFirst: true,
    });
  });

  it("shows the ended period until its deadline, then the one in progress", () => {
    expect(upcomingDeclaration("2026-04-30", monthly).label).toBe("mars 2026");
    expect(upcomingDeclaration("2026-05-01", monthly).label).toBe("avril 2026");
    expect(upcomingDeclaration("2026-04-12", quarterly).label).toBe("1er trimestre 2026");
    expect(upcomingDeclaration("2026-05-12", quarterly).label).toBe("2e trimestre 2026");
    expect(
      upcomingDeclaration("2026-03-20", { frequency: "mensuelle", creationDate: "2026-02-10" }).isFirst,
    ).toBe(true);
  });

  it("applies ACRE until the end of the third quarter after the start", () => {
    expect(isAcrePeriod({ from: "2026-09-01" }, "2025-11-15")).toBe(true);
    expect(isAcrePeriod({ from: "2026-10-01" }, "2025-11-15")).toBe(false);
  });
});

describe("the deadline reminder", () => {
  it("reminds a declaration in the 7 days before its deadline, the deadline included", () => {
    expect(declarationToRemind("2026-04-22", monthly)).toBeNull();
    expect(declarationToRemind("2026-04-23", monthly)?.label).toBe("mars 2026");
    expect(declarationToRemind("2026-04-30", monthly)?.label).toBe("mars 2026");
    expect(declarationToRemind("2026-05-01", monthly)).toBeNull();
    expect(declarationToRemind("2027-01-24", quarterly)).toMatchObject({
      from: "2026-10-01",
      deadline: "2027-01-31",
    });
    expect(declarationToRemind("2027-01-10", quarterly)).toBeNull();
  });

  it("reminds the first, longer period too, once it has ended", () => {
    const started = { frequency: "trimestrielle" as const, creationDate: "2026-03-06" };
    expect(declarationToRemind("2026-06-28", started)).toBeNull();
    const first = declarationToRemind("2026-07-25", started);
    expect(first).toMatchObject({
      from: "2026-03-06",
      to: "2026-06-30",
      deadline: "2026-07-31",
      isFirst: true,
    });
    expect(first && periodPhrase(first, started.frequency)).toBe("la période du 6 mars au 30 juin 2026");
  });

  it("names the period as a sentence's object", () => {
    expect(periodPhrase(declarationPeriodOf("2026-03-14", monthly), "mensuelle")).toBe(
      "le mois de mars 2026",
    );
    expect(periodPhrase(declarationPeriodOf("2026-11-10", quarterly), "trimestrielle")).toBe(
      "le 4e trimestre 2026",
    );
  });
});
