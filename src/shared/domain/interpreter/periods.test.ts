import { describe, expect, it } from "vitest";
import type { InterpretedPeriod } from "../../schemas/interpretation";
import { interpretCommand } from "./interpret-command";

// A Wednesday in the first quarter.
const NOW = new Date("2026-03-18T12:00:00Z");

/** Questions about one's figures and the period they cover (the whole pipeline, since days come first). */
const QUESTIONS: [text: string, period: InterpretedPeriod][] = [
  ["combien j'ai encaissé cette semaine ?", { from: "2026-03-16", to: "2026-03-22", label: "cette semaine" }],
  ["mon CA de la semaine dernière", { from: "2026-03-09", to: "2026-03-15", label: "la semaine dernière" }],
  ["chiffre d'affaires ce trimestre", { from: "2026-01-01", to: "2026-03-31", label: "ce trimestre" }],
  ["CA du trimestre dernier", { from: "2025-10-01", to: "2025-12-31", label: "le trimestre dernier" }],
  [
    "combien j'ai facturé depuis janvier",
    { from: "2026-01-01", to: "2026-03-18", label: "depuis le début de l'année" },
  ],
  ["total de mes dépenses cette année", { from: "2026-01-01", to: "2026-12-31", label: "cette année" }],
  [
    "qu'est-ce que j'ai encaissé l'an dernier",
    { from: "2025-01-01", to: "2025-12-31", label: "l'an dernier" },
  ],
  ["mon CA au premier semestre", { from: "2026-01-01", to: "2026-06-30", label: "au 1er semestre 2026" }],
  ["CA du 2e semestre 2025", { from: "2025-07-01", to: "2025-12-31", label: "au 2e semestre 2025" }],
  ["dépenses du semestre dernier", { from: "2025-07-01", to: "2025-12-31", label: "le semestre dernier" }],
  ["combien j'ai facturé en mars", { from: "2026-03-01", to: "2026-03-31", label: "en mars 2026" }],
  ["CA en mars 2025", { from: "2025-03-01", to: "2025-03-31", label: "en mars 2025" }],
  [
    "combien j'ai encaissé depuis le 2 mars",
    { from: "2026-03-02", to: "2026-03-18", label: "depuis le 02/03/2026" },
  ],
  [
    "factures qui arrivent à échéance la semaine prochaine",
    { from: "2026-03-23", to: "2026-03-29", label: "la semaine prochaine" },
  ],
  [
    "mes encaissements des 3 derniers mois",
    { from: "2025-12-19", to: "2026-03-18", label: "les 3 derniers mois" },
  ],
];

describe("the period of a question", () => {
  it.each(QUESTIONS)("%s", (text, period) => {
    const result = interpretCommand(text, NOW);
    expect(result.action).toBe("view_data");
    expect(result.entities.period).toEqual(period);
  });
});
