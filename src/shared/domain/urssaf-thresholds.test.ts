import { describe, expect, it } from "vitest";
import { thresholdStatuses, thresholdsFor } from "./urssaf-thresholds";

const levels = (activity: "vente" | "bnc-ssi", turnoverCents: number, year = 2026) =>
  Object.fromEntries(
    thresholdStatuses({ activity, vatRegime: "franchise", year, turnoverCents }).map((s) => [
      s.kind,
      s.level,
    ]),
  );

describe("yearly thresholds", () => {
  it("uses the 2026 figures: 83 600 € / 203 100 € ceilings, 37 500 / 41 250 € and 85 000 / 93 500 € for VAT", () => {
    expect(thresholdsFor(2026)).toMatchObject({
      sales: { micro: 203_100_00, vatBase: 85_000_00, vatMajor: 93_500_00 },
      services: { micro: 83_600_00, vatBase: 37_500_00, vatMajor: 41_250_00 },
    });
    // A later year keeps the last known figures until the table gets a new row.
    expect(thresholdsFor(2027)).toBe(thresholdsFor(2026));
    expect(() => thresholdsFor(2019)).toThrow(RangeError);
  });

  it("warns from 80 % and says when a threshold is crossed", () => {
    expect(levels("bnc-ssi", 29_999_99)).toEqual({ micro: "ok", vatBase: "ok", vatMajor: "ok" });
    // 80 % of 37 500 € is 30 000 €.
    expect(levels("bnc-ssi", 30_000_00)).toEqual({ micro: "ok", vatBase: "approche", vatMajor: "ok" });
    expect(levels("bnc-ssi", 37_500_01)).toEqual({ micro: "ok", vatBase: "dépassé", vatMajor: "approche" });
    expect(levels("bnc-ssi", 41_250_01)).toEqual({ micro: "ok", vatBase: "dépassé", vatMajor: "dépassé" });
    expect(levels("bnc-ssi", 83_600_01)).toEqual({
      micro: "dépassé",
      vatBase: "dépassé",
      vatMajor: "dépassé",
    });
    // Sales: the same 40 000 € is far from the 85 000 € threshold.
    expect(levels("vente", 40_000_00)).toEqual({ micro: "ok", vatBase: "ok", vatMajor: "ok" });
    expect(levels("vente", 162_480_00).micro).toBe("approche");
  });

  it("tells the user what a crossed threshold means", () => {
    const [, vatBase, vatMajor] = thresholdStatuses({
      activity: "services-bic",
      vatRegime: "franchise",
      year: 2026,
      turnoverCents: 42_000_00,
    });
    expect(vatBase?.message).toContain("1er janvier prochain");
    expect(vatMajor?.message).toContain("dès le jour du dépassement");
  });

  it("shows a VAT-registered seller the micro ceiling only: the franchise thresholds no longer concern them", () => {
    const statuses = thresholdStatuses({
      activity: "bnc-ssi",
      vatRegime: "assujetti",
      year: 2026,
      turnoverCents: 58_595_00,
    });
    expect(statuses.map((status) => [status.kind, status.level])).toEqual([["micro", "ok"]]);
  });
});
