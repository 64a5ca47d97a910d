import { describe, expect, it } from "vitest";
import { readSidebarCookie, sidebarCookie } from "./sidebar-state";

describe("readSidebarCookie", () => {
  it("reads the saved choice among other cookies", () => {
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true")).toBe(true);
  });

  it("is null when nothing valid is saved", () => {
    expect(readSidebarCookie("")).toBeNull();
    expect(readSidebarCookie("sidebar_state=maybe")).toBeNull();
    expect(readSidebarCookie("other_sidebar_state=false")).toBeNull();
  });
});

describe("sidebarCookie", () => {
  it("keeps the choice for 7 days on every path", () => {
    expect(sidebarCookie(false, false)).toBe("sidebar_state=false; path=/; max-age=604800; samesite=lax");
    expect(sidebarCookie(true, true)).toBe(
      "sidebar_state=true; path=/; max-age=604800; samesite=lax; secure",
    );
  });
});
