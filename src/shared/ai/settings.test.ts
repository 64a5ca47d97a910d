import { describe, expect, it } from "vitest";
import { DEFAULT_ASSISTANT_SETTINGS, GENERATION_PRESETS, restoreAssistantSettings } from "./settings";

describe("DEFAULT_ASSISTANT_SETTINGS", () => {
  it("holds the spec §3 defaults", () => {
    expect(DEFAULT_ASSISTANT_SETTINGS).toEqual({
      confirmBeforeAction: true,
      autoExecute: false,
      debugMode: false,
      preferredModel: "openai/gpt-5",
      maxTokens: 1500,
      temperature: 0.7,
    });
  });
});

describe("restoreAssistantSettings", () => {
  it("keeps valid stored fields and fills the missing ones", () => {
    expect(restoreAssistantSettings({ autoExecute: true, temperature: 0.2 })).toEqual({
      ...DEFAULT_ASSISTANT_SETTINGS,
      autoExecute: true,
      temperature: 0.2,
    });
  });

  it("replaces only the invalid fields by their default", () => {
    expect(restoreAssistantSettings({ debugMode: true, maxTokens: "beaucoup", preferredModel: "" })).toEqual({
      ...DEFAULT_ASSISTANT_SETTINGS,
      debugMode: true,
    });
  });

  it("returns the defaults for anything that is not an object", () => {
    expect(restoreAssistantSettings(null)).toEqual(DEFAULT_ASSISTANT_SETTINGS);
    expect(restoreAssistantSettings("x")).toEqual(DEFAULT_ASSISTANT_SETTINGS);
  });
});

describe("GENERATION_PRESETS", () => {
  it("holds the spec §9 budgets", () => {
    expect(GENERATION_PRESETS.intentAnalysis.maxTokens).toBe(500);
    expect(GENERATION_PRESETS.mainAnswer.maxTokens).toBe(1500);
    expect(GENERATION_PRESETS.document).toEqual({ maxTokens: 1000, temperature: 0.7 });
    expect(GENERATION_PRESETS.autonomous).toEqual({ maxTokens: 4000, temperature: 0.8 });
  });
});
