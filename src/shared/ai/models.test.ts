import { describe, expect, it } from "vitest";
import { AI_MODELS, chooseModel, contextBadge, detectModelIntent, findModel } from "./models";

const BOTH = ["openai", "openrouter"] as const;

describe("the catalogue", () => {
  it("lists the spec's eight entries, each id once", () => {
    expect(AI_MODELS.map((model) => `${model.provider}:${model.id}`)).toEqual([
      "openai:gpt-4o",
      "openai:gpt-4o-mini",
      "openrouter:openai/gpt-5",
      "openrouter:openai/gpt-5-mini",
      "openrouter:openai/gpt-4.1",
      "openrouter:openai/gpt-4o",
      "openrouter:anthropic/claude-3.5-sonnet",
      "openrouter:anthropic/claude-3.5-haiku",
    ]);
  });

  it("carries the spec's prices and context windows", () => {
    expect(findModel("gpt-4o")).toMatchObject({ pricePer1kTokensEur: 0.005, contextWindow: 128_000 });
    expect(findModel("gpt-4o-mini")).toMatchObject({ pricePer1kTokensEur: 0.0003, contextWindow: 128_000 });
    expect(findModel("anthropic/claude-3.5-sonnet")).toMatchObject({
      pricePer1kTokensEur: 0.003,
      contextWindow: 200_000,
    });
    expect(findModel("anthropic/claude-3.5-haiku")).toMatchObject({
      pricePer1kTokensEur: 0.0008,
      contextWindow: 200_000,
    });
  });

  it("marks only the main model as autonomous", () => {
    expect(AI_MODELS.filter((model) => model.capabilities.autonomous).map((model) => model.id)).toEqual([
      "gpt-4o",
    ]);
  });
});

describe("contextBadge", () => {
  it("shows the two sizes of the spec, and larger windows as their lower bound", () => {
    expect(contextBadge(128_000)).toBe("128K+");
    expect(contextBadge(200_000)).toBe("200K+");
    expect(contextBadge(1_000_000)).toBe("200K+");
    expect(contextBadge(32_000)).toBe("32K");
  });
});

describe("detectModelIntent", () => {
  it.each([
    ["Mode autonome : relance tous mes clients", "top"],
    ["Fais une analyse approfondie de ma trésorerie", "top"],
    ["C'est complexe, compare mes trois derniers trimestres", "top"],
    ["Lis cette PHOTO de ticket", "top"],
    ["Un résumé visuel de mes ventes", "top"],
    ["Vite, combien me doit Dupont ?", "fast"],
    ["URGENT : la facture de Durand", "fast"],
    ["Réponds immédiatement", "fast"],
    ["Crée une facture de 500 € pour Martin", "default"],
  ])("%s → %s", (text, intent) => {
    expect(detectModelIntent(text)).toBe(intent);
  });

  it("matches whole words only", () => {
    expect(detectModelIntent("J'invite Dupont à valider le devis")).toBe("default");
    expect(detectModelIntent("Imagine un nom de projet")).toBe("default");
  });

  it("prefers the capable model when a request is both complex and urgent", () => {
    expect(detectModelIntent("Analyse complexe, c'est urgent")).toBe("top");
  });
});

describe("chooseModel", () => {
  it("picks the main model for autonomous, complex or visual requests without a usable choice", () => {
    expect(chooseModel("analyse approfondie de mes impayés", BOTH)?.id).toBe("gpt-4o");
    expect(chooseModel("analyse approfondie de mes impayés", ["openai"], "openai/gpt-5")?.id).toBe("gpt-4o");
  });

  it("picks the mini model for urgent requests without a usable choice", () => {
    expect(chooseModel("vite, mes factures en retard", BOTH)?.id).toBe("gpt-4o-mini");
  });

  it("never lets a keyword override the user's own choice", () => {
    expect(chooseModel("vite, mes factures en retard", BOTH, "openai/gpt-5")?.id).toBe("openai/gpt-5");
    expect(chooseModel("analyse approfondie", BOTH, "gpt-4o-mini")?.id).toBe("gpt-4o-mini");
  });

  it("follows the preferred model otherwise, when its provider is configured", () => {
    expect(chooseModel("Bonjour", BOTH, "anthropic/claude-3.5-sonnet")?.id).toBe(
      "anthropic/claude-3.5-sonnet",
    );
    expect(chooseModel("Bonjour", ["openai"], "anthropic/claude-3.5-sonnet")?.id).toBe("gpt-4o");
  });

  it("falls back to the main model when the preference is unknown or absent", () => {
    expect(chooseModel("Bonjour", BOTH, "retired-model")?.id).toBe("gpt-4o");
    expect(chooseModel("Bonjour", BOTH)?.id).toBe("gpt-4o");
  });

  it("reaches the same kind of model through OpenRouter when OpenAI is not configured", () => {
    expect(chooseModel("mode autonome", ["openrouter"])?.id).toBe("openai/gpt-4o");
    expect(chooseModel("rapide", ["openrouter"])?.id).toBe("openai/gpt-5-mini");
    expect(chooseModel("Bonjour", ["openrouter"])?.id).toBe("openai/gpt-4o");
  });

  it("returns null when no provider is configured, so the local engine answers", () => {
    expect(chooseModel("Bonjour", [], "openai/gpt-5")).toBeNull();
  });
});
