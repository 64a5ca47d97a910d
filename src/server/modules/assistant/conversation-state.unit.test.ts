import { interpretCommand } from "@shared/domain/interpreter/interpret-command";
import { describe, expect, it } from "vitest";
import { readAmendment } from "./amendments";
import { deriveState, readMessage, topicOf } from "./conversation-state";

// Sentences written after the code, as freelancers type them: the state and the corrections read alone.
const now = new Date("2026-03-18T10:00:00Z");
const context = { now, clientNames: ["Menuiserie Girard", "Studio Lumière", "SARL Les Jardins de Provence"] };
const readAfter = (earlier: string[], text: string) =>
  readMessage(deriveState(earlier, context), text, context);

describe("follow-ups read against the earlier question", () => {
  it.each([
    ["Combien j'ai encaissé ce mois-ci ?", "et l'an dernier ?", "2025-01-01"],
    ["Quel est mon CA facturé en janvier ?", "Et février ?", "2026-02-01"],
    ["Combien j'ai dépensé cette année ?", "et sur le mois dernier", "2026-02-01"],
  ])("%s → %s keeps the metric, changes the period", (first, next, from) => {
    const reading = readAfter([first], next);
    expect(reading.kind).toBe("topic");
    if (reading.kind === "topic") expect(reading.topic.period?.from).toBe(from);
  });

  it("moves a client's balance to another client said in lower case", () => {
    const reading = readAfter(["Combien me doit Studio Lumière ?"], "et la menuiserie girard ?");
    expect(reading).toMatchObject({
      kind: "topic",
      topic: { metric: "client_balance", client: "Menuiserie Girard" },
    });
  });

  it.each([
    ["c'est laquelle la plus vieille ?", { by: "date", order: "lowest" }],
    ["Et la plus chère ?", { by: "amount", order: "highest" }],
    ["la moins élevée", { by: "amount", order: "lowest" }],
  ])("%s is a superlative over the last list", (text, superlative) => {
    expect(readAfter(["Montre mes factures impayées"], text)).toMatchObject({
      kind: "superlative",
      superlative,
    });
  });

  it("totals and breaks down the last list, and leaves a new question alone", () => {
    expect(readAfter(["Quelles factures sont en retard ?"], "ça représente combien ?").kind).toBe("total");
    expect(readAfter(["Mes dépenses de février"], "et par mois ?")).toMatchObject({
      kind: "breakdown",
      by: "month",
    });
    expect(
      readAfter(["Combien j'ai encaissé ce mois-ci ?"], "Crée une facture pour Studio Lumière de 300 €").kind,
    ).toBe("fresh");
    expect(readAfter([], "et le mois dernier ?").kind).toBe("fresh");
  });
});

describe("corrections of a proposal", () => {
  it.each([
    ["finalement cinq jours", { quantity: { value: 5, unit: "jour" } }],
    ["Non pas 3 mais 2 heures", { quantity: { value: 2, unit: "heure" } }],
    ["non 1 200 € HT", { amount: { euros: 1200, isUnitPrice: false } }],
    ["plutôt 550 € par jour", { amount: { euros: 550, isUnitPrice: true } }],
    ["rajoute 80 euros de déplacement", { extraLine: { description: "Deplacement", euros: 80 } }],
    ["mets l'échéance au 10", { dueDate: "2026-04-10" }],
    ["change l'échéance au 30 avril", { dueDate: "2026-04-30" }],
    ["finalement pour studio lumière", { client: "Studio Lumière" }],
    ["plutôt au nom de Atelier 42", { client: "Atelier 42" }],
    ["300 €", { amount: { euros: 300, isUnitPrice: false } }],
  ])("%s", (text, amendment) => {
    expect(readAmendment(text, context)).toEqual(amendment);
  });

  it.each([
    "Combien j'ai encaissé ce mois-ci ?",
    "merci",
    "Crée une facture pour Dupont de 500 € pour le site",
  ])("%s is not a correction", (text) => {
    expect(readAmendment(text, context)).toBeUndefined();
  });

  it.each([
    ["quatre-vingt-dix", 90],
    ["soixante-quinze", 75],
    ["mille deux cent cinquante", 1250],
    ["deux cents", 200],
    ["1.200", 1200],
    ["1,5k", 1500],
  ])("reads the amount « non, %s euros » (numbers in words through the normalisation)", (said, value) => {
    expect(readAmendment(`non, ${said} euros`, context)?.amount?.euros).toBe(value);
  });
});

describe("what a question is about", () => {
  it.each([
    ["Mes dépenses de ce mois", "expenses_by_category"],
    ["les dépenses du mois dernier stp", "expenses_by_category"],
  ])("« %s » is the period's expenses by category, not the whole list", (text, metric) => {
    expect(topicOf(interpretCommand(text, now), text)).toMatchObject({ kind: "figure", metric });
  });

  it("« mes dépenses » without a period is their list", () => {
    const text = "montre mes dépenses";
    expect(topicOf(interpretCommand(text, now), text)).toMatchObject({ kind: "list", dataType: "expenses" });
  });
});
