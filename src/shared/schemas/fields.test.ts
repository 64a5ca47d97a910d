import { describe, expect, it } from "vitest";
import { z } from "zod";
import { atLeastOneField, isoDay, NOTHING_TO_UPDATE_MESSAGE, optionalDay } from "./fields";

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe("isoDay", () => {
  it("accepts days that exist, leap days included", () => {
    for (const day of ["2026-02-28", "2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01"])
      expect(isoDay.safeParse(day).success, day).toBe(true);
  });

  it("refuses days the calendar does not have, which the AAAA-MM-JJ shape alone lets through", () => {
    for (const day of [
      "2026-02-30",
      "2025-02-29",
      "1900-02-29",
      "2026-13-01",
      "2026-04-31",
      "0000-01-01",
      "2026-00-10",
    ])
      expect(messages(isoDay.safeParse(day)), day).toEqual(["Date invalide (AAAA-MM-JJ)."]);
    expect(isoDay.safeParse("2026-2-3").success).toBe(false);
    expect(isoDay.safeParse("2026-02-03T00:00:00Z").success).toBe(false);
  });

  it("keeps an empty optional day as a cleared one", () => {
    expect(optionalDay.parse("")).toBeNull();
    expect(optionalDay.safeParse("2026-02-30").success).toBe(false);
  });
});

describe("atLeastOneField", () => {
  const update = atLeastOneField(z.object({ name: z.string(), note: z.string().nullable() }).partial());

  it("refuses an update that sets nothing, in French", () => {
    expect(messages(update.safeParse({}))).toEqual([NOTHING_TO_UPDATE_MESSAGE]);
    expect(NOTHING_TO_UPDATE_MESSAGE).toBe("Aucune modification à enregistrer.");
  });

  it("accepts one field, a null (clearing a field) included", () => {
    expect(update.parse({ name: "Dupont" })).toEqual({ name: "Dupont" });
    expect(update.parse({ note: null })).toEqual({ note: null });
  });
});
