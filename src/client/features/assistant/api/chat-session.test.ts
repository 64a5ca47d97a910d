import { describe, expect, it } from "vitest";
import { engineLabel } from "./chat-session";

describe("engineLabel", () => {
  it("names the offline engine", () => {
    expect(engineLabel({ provider: "local", model: null })).toBe("Moteur local");
  });

  it("names the provider and the catalogue's model name", () => {
    expect(engineLabel({ provider: "openai", model: "gpt-4o" })).toBe("OpenAI · GPT-4o");
    expect(engineLabel({ provider: "openrouter", model: "openai/gpt-5" })).toBe("OpenRouter · GPT-5");
  });

  it("keeps a model id the catalogue does not know, and the provider alone without one", () => {
    expect(engineLabel({ provider: "openai", model: "llama3.1" })).toBe("OpenAI · llama3.1");
    expect(engineLabel({ provider: "openrouter", model: null })).toBe("OpenRouter");
  });
});
