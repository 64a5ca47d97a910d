import { describe, expect, it } from "vitest";
import { interpretationResult } from "../../schemas/interpretation";
import { interpretCommand } from "./interpret-command";
import { INTERPRETER_CASES, INTERPRETER_NOW, KEY_ENTITIES } from "./interpreter-cases";

// Noon UTC is the same calendar day in Paris, summer or winter.
const now = new Date(`${INTERPRETER_NOW}T12:00:00Z`);

describe("the French command interpreter", () => {
  it("has a test set of at least 400 commands", () => {
    expect(INTERPRETER_CASES.length).toBeGreaterThanOrEqual(400);
  });

  it.each(INTERPRETER_CASES)("$text → $action", (testCase) => {
    const result = interpretCommand(testCase.text, now);
    expect(interpretationResult.parse(result)).toEqual(result);
    expect(result.action).toBe(testCase.action);
    const expected = testCase.entities ?? {};
    const keyEntities = (entities: typeof expected) =>
      Object.fromEntries(KEY_ENTITIES.map((key) => [key, entities[key]]));
    expect(keyEntities(result.entities)).toEqual(keyEntities(expected));
    if (expected.title !== undefined) expect(result.entities.title).toBe(expected.title);
    if (expected.description !== undefined) expect(result.entities.description).toBe(expected.description);
    if (testCase.ambiguities) expect(result.ambiguities).toEqual(testCase.ambiguities);
    if (testCase.confidence !== undefined) expect(result.confidence).toBe(testCase.confidence);
    if (testCase.needsPlanning !== undefined) expect(result.needsPlanning).toBe(testCase.needsPlanning);
  });
});

describe("days and amounts", () => {
  const entitiesOf = (text: string, at = now) => interpretCommand(text, at).entities;

  it("counts days from the Paris calendar day, not the UTC one", () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (summer time).
    const lateEvening = new Date("2026-03-31T23:30:00Z");
    expect(entitiesOf("J'ai payé 10 € de taxi hier", lateEvening).date).toBe("2026-03-31");
  });

  it("reads a day without a year as past for an expense and ahead for a due date", () => {
    expect(entitiesOf("J'ai payé 30 € de train le 20/12").date).toBe("2025-12-20");
    expect(entitiesOf("Facture Dupont 500 € échéance le 05/01").dueDate).toBe("2027-01-05");
  });

  it("keeps months calendar months and refuses days that do not exist", () => {
    const endOfJanuary = new Date("2026-01-31T12:00:00Z");
    expect(entitiesOf("Facture Dupont 500 € à payer dans 1 mois", endOfJanuary).dueDate).toBe("2026-02-28");
    expect(entitiesOf("Facture Dupont 500 € échéance 31/02/2026").dueDate).toBeUndefined();
  });

  it("tells a date from money written with a dot", () => {
    expect(entitiesOf("Dépense de 12.05 € de café")).toMatchObject({ amount: 12.05, date: INTERPRETER_NOW });
  });
});

describe("what a business's name holds", () => {
  const read = (text: string) => interpretCommand(text, now);

  it("keeps a name's number that no year is (« BTP 2000 »), and still reads a year said alone", () => {
    expect(read("facture pour BTP 2000 de 500 €").entities).toMatchObject({
      client: "BTP 2000",
      amount: 500,
    });
    expect(read("facture pour BTP 2000 de 500 €").entities.serviceStartDate).toBeUndefined();
    expect(read("mes dépenses 2025").entities.period).toMatchObject({ from: "2025-01-01", to: "2025-12-31" });
  });

  it("reads the thousands after a name's head rather than a one-digit name number", () => {
    expect(read("contrat lumen studio 1 600 euros").entities).toMatchObject({ amount: 1600 });
    expect(read("facture Agence 360 800 euros").entities).toMatchObject({
      client: "Agence 360",
      amount: 800,
    });
  });

  it("does not take a word of a capitalised name for a request of advice", () => {
    const result = read("Établir un contrat avec Orion Conseil pour 7 000 euros");
    expect(result.action).toBe("create_contract");
    expect(result.entities).toMatchObject({ client: "Orion Conseil", amount: 7000 });
    expect(read("des conseils pour fixer mon TJM ?").action).toBe("general");
  });

  it("reads a balance's client after « de » or « d' » whatever its case", () => {
    expect(read("quel est le solde de webcraft ?").entities.client).toBe("Webcraft");
    expect(read("Quel est le solde d'éditions du sablier ?").entities).toMatchObject({
      metric: "client_balance",
      client: "Éditions du Sablier",
    });
  });
});

describe("descriptions and titles kept whole", () => {
  const read = (text: string) => interpretCommand(text, now);

  it("reads a line whose description has its own « de » (« 4 billets de train à 95 € »)", () => {
    expect(read("nouvelle dépense : 4 billets de train à 95 €").entities.amount).toBe(380);
    expect(read("facture Dupont : 4 jours d'audit de sécurité à 250 €/jour").entities.amount).toBe(1000);
  });

  it("keeps a task's words that look like a deadline or a period (« bons de livraison », « du mois »)", () => {
    expect(read("Tâche : imprimer les bons de livraison dans 3 jours").entities).toMatchObject({
      title: "imprimer les bons de livraison",
      dueDate: "2026-03-13",
    });
    expect(read("crée une tâche : vérifier les factures du mois").entities.title).toBe(
      "vérifier les factures du mois",
    );
    expect(read("tâche : faire la compta ce mois-ci").entities.title).toBe("faire la compta");
  });

  it("files a journey said by its towns under transport", () => {
    expect(read("Aller-retour Lyon-Marseille 176 € hier").entities).toMatchObject({
      category: "transport",
      amount: 176,
    });
  });
});

describe("names with small words inside", () => {
  const read = (text: string) => interpretCommand(text, now);

  it("joins an « à » between capitalised words, a trade's « du » in lower case", () => {
    expect(read("nouvelle facture La Cave à Fromages de 160 €").entities.client).toBe("La Cave à Fromages");
    expect(read("éditions du sablier m'a réglé 900 € par chèque").entities).toMatchObject({
      client: "Éditions du Sablier",
      amount: 900,
    });
    expect(read("garage morel a payé 200 €").entities.client).toBe("Garage Morel");
  });

  it("reads a payment verb typed with a doubled letter", () => {
    expect(read("Durand & Fils m'a rééglé 3 050 € via PayPal").action).toBe("record_payment");
  });
});
