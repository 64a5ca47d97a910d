import { describe, expect, it } from "vitest";
import type { InterpretedLine } from "../../schemas/interpretation";
import { takeLines } from "./lines";
import { createScan } from "./scan";

/** Quantity × unit price, as freelancers type and dictate them: each sentence, its lines and their total. */
const CASES: [text: string, total: number, lines: InterpretedLine[]][] = [
  [
    "forfait 900 € + 2 h à 70 €",
    1040,
    [
      { quantity: 1, unit: "forfait", unitPrice: 900 },
      { quantity: 2, unit: "heure", unitPrice: 70 },
    ],
  ],
  [
    "un forfait de 350 € et 3 heures à 60 €",
    530,
    [
      { quantity: 1, unit: "forfait", unitPrice: 350 },
      { quantity: 3, unit: "heure", unitPrice: 60 },
    ],
  ],
  [
    "3 ateliers de 2 heures à 90 € de l'heure",
    540,
    [{ description: "ateliers", quantity: 6, unit: "heure", unitPrice: 90 }],
  ],
  [
    "4 séances de 3 h à 55 €/h",
    660,
    [{ description: "séances", quantity: 12, unit: "heure", unitPrice: 55 }],
  ],
  [
    "2 ateliers de 3 heures à 400 € l'atelier",
    800,
    [{ description: "ateliers de 3 heures", quantity: 2, unit: "séance", unitPrice: 400 }],
  ],
  [
    "2 jours de formation à 600 € par jour pour 3 personnes",
    3600,
    [{ description: "formation (3 personnes)", quantity: 6, unit: "jour", unitPrice: 600 }],
  ],
  [
    "3 jours à 700 € par jour pour 4 stagiaires",
    8400,
    [{ description: "4 stagiaires", quantity: 12, unit: "jour", unitPrice: 700 }],
  ],
  ["2 nuits à 85 €", 170, [{ quantity: 2, unit: "nuit", unitPrice: 85 }]],
  ["4 pleins à 60 €", 240, [{ description: "pleins", quantity: 4, unitPrice: 60 }]],
  ["10 h à 45 €/h", 450, [{ quantity: 10, unit: "heure", unitPrice: 45 }]],
  ["5 jours à 400 € HT par jour", 2000, [{ quantity: 5, unit: "jour", unitPrice: 400 }]],
  ["1,5 jour à 500 €", 750, [{ quantity: 1.5, unit: "jour", unitPrice: 500 }]],
  ["12 x 35 €", 420, [{ quantity: 12, unitPrice: 35 }]],
  ["35 € × 12", 420, [{ quantity: 12, unitPrice: 35 }]],
  ["6 demi-journées à 280 euros", 1680, [{ quantity: 6, unit: "demi-journée", unitPrice: 280 }]],
  ["8 pièces à 12,50 €", 100, [{ quantity: 8, unit: "unité", unitPrice: 12.5 }]],
  ["20 unités à 4 €", 80, [{ quantity: 20, unit: "unité", unitPrice: 4 }]],
  ["3 mois à 1 200 €", 3600, [{ quantity: 3, unit: "mois", unitPrice: 1200 }]],
  ["7 j à 520 €", 3640, [{ quantity: 7, unit: "jour", unitPrice: 520 }]],
  [
    "3 jours de dev à 450 € et 1 jour de recette à 400 €",
    1750,
    [
      { description: "dev", quantity: 3, unit: "jour", unitPrice: 450 },
      { description: "recette", quantity: 1, unit: "jour", unitPrice: 400 },
    ],
  ],
  [
    "3 jours de dev à 450 € plus 200 € de frais",
    1550,
    [
      { description: "dev", quantity: 3, unit: "jour", unitPrice: 450 },
      { description: "frais", quantity: 1, unitPrice: 200 },
    ],
  ],
  [
    "5 h de montage à 50 € + 80 € de frais de déplacement",
    330,
    [
      { description: "montage", quantity: 5, unit: "heure", unitPrice: 50 },
      { description: "frais de déplacement", quantity: 1, unitPrice: 80 },
    ],
  ],
  [
    "frais de déplacement 120 € et 2 jours d'audit à 700 €",
    1520,
    [
      { description: "frais de déplacement", quantity: 1, unitPrice: 120 },
      { description: "audit", quantity: 2, unit: "jour", unitPrice: 700 },
    ],
  ],
  [
    "forfait installation 250 € + 6 h à 40 €",
    490,
    [
      { description: "forfait installation", quantity: 1, unit: "forfait", unitPrice: 250 },
      { quantity: 6, unit: "heure", unitPrice: 40 },
    ],
  ],
  // A sum said about the lines is not one more line.
  ["4 jours à 500 € soit 2 000 € HT", 2000, [{ quantity: 4, unit: "jour", unitPrice: 500 }]],
  ["3 jours à 450 € avec une remise de 100 €", 1350, [{ quantity: 3, unit: "jour", unitPrice: 450 }]],
  ["10 séances à 50 €, acompte de 150 €", 500, [{ quantity: 10, unit: "séance", unitPrice: 50 }]],
];

describe("quantity × unit price lines", () => {
  it.each(CASES)("%s → %d €", (text, total, lines) => {
    const found = takeLines(createScan(text));
    expect(found?.lines).toEqual(lines);
    expect((found?.cents ?? 0) / 100).toBe(total);
  });

  it("leaves a lone sum to the amount reader", () => {
    expect(takeLines(createScan("forfait 900 € pour le site"))).toBeUndefined();
    expect(takeLines(createScan("3 000 € pour 3 jours"))).toBeUndefined();
  });
});
