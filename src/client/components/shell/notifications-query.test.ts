import { describe, expect, it } from "vitest";
import { badgeLabel } from "./notifications-query";

describe("badgeLabel", () => {
  it("hides the badge at zero and caps it at 9+", () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe("1");
    expect(badgeLabel(9)).toBe("9");
    expect(badgeLabel(10)).toBe("9+");
    expect(badgeLabel(250)).toBe("9+");
  });
});
