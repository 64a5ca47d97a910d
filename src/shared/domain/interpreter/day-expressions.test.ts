import { describe, expect, it } from "vitest";
import { type Direction, takeDayRange, takeDays } from "./day-expressions";
import { createScan } from "./scan";

// A Wednesday: hier 2026-03-17, demain 2026-03-19, lundi prochain 2026-03-23.
const TODAY = "2026-03-18";

/** Sentence, how a day without a year is placed, the day, and whether it was said as a deadline. */
const DAYS: [text: string, direction: Direction, day: string, isDue: boolean][] = [
  ["à régler d'ici la fin du trimestre", "future", "2026-03-31", true],
  ["avant la fin du trimestre prochain", "future", "2026-06-30", true],
  ["pour la fin de l'année", "future", "2026-12-31", true],
  ["d'ici la fin de la semaine", "future", "2026-03-20", true],
  ["échéance fin du mois", "future", "2026-03-31", true],
  ["à payer fin du mois prochain", "future", "2026-04-30", true],
  ["le 31 mai", "future", "2026-05-31", false],
  ["le trente et un mai", "future", "2026-05-31", false],
  ["le vingt-deux avril", "future", "2026-04-22", false],
  ["paiement 30 jours fin de mois", "future", "2026-04-30", true],
  ["45 jours fin de mois", "future", "2026-05-31", true],
  ["règlement à 45 jours", "future", "2026-05-02", true],
  ["sous 45 jours", "future", "2026-05-02", true],
  ["conditions de paiement : 60 jours net", "future", "2026-05-17", true],
  ["payable à réception", "future", TODAY, true],
  ["samedi dernier", "past", "2026-03-14", false],
  ["avant-hier", "past", "2026-03-16", false],
  ["après-demain", "future", "2026-03-20", false],
  ["lundi prochain", "future", "2026-03-23", false],
  ["la semaine prochaine", "future", "2026-03-25", false],
  ["dans quinze jours", "future", "2026-04-02", true],
  ["échéance le 1er", "future", "2026-04-01", true],
  ["à rendre le 25", "future", "2026-03-25", true],
  ["le 15", "future", "2026-04-15", false],
  ["le 15", "past", "2026-03-15", false],
  ["mi-avril", "future", "2026-04-15", false],
  ["début mai", "future", "2026-05-01", false],
  ["jeudi 26 mars", "future", "2026-03-26", false],
  ["vendredi 03/04", "future", "2026-04-03", false],
  ["le mardi 31 mars", "future", "2026-03-31", false],
  // Deadlines with their lead-in: all of it is the day's, none of it a title.
  ["date limite de règlement le 12 mai", "future", "2026-05-12", true],
  ["paiement sous huitaine", "future", "2026-03-26", true],
  ["valide quinze jours", "future", "2026-04-02", true],
];

describe("days said in a command", () => {
  it.each(DAYS)("%s (%s) → %s", (text, direction, day, isDue) => {
    const [found, ...others] = takeDays(createScan(text), TODAY);
    expect(others).toEqual([]);
    expect(found?.resolve(direction)).toBe(day);
    expect(found?.isDue).toBe(isDue);
  });

  it("takes the whole deadline, its lead-in too (« paiement sous 30 jours »)", () => {
    const scan = createScan("paiement sous 30 jours");
    expect(takeDays(scan, TODAY)[0]?.resolve("future")).toBe("2026-04-17");
    expect([...scan.taken].every((taken) => taken === 1)).toBe(true);
  });

  it("does not read quantities, money or times as days of the month", () => {
    for (const text of [
      "le 15 %",
      "au 3 jours",
      "le 12 €",
      "le 10 h",
      "du 2,5",
      "le 1er trimestre",
      "au 12 rue des Lilas",
    ])
      expect(takeDays(createScan(text), TODAY)).toEqual([]);
  });

  it("reads « depuis le 3 mars » and « la semaine prochaine » as stretches of days", () => {
    expect(takeDays(createScan("depuis le 3 mars"), TODAY)[0]?.period).toEqual({
      from: "2026-03-03",
      to: TODAY,
      label: "depuis le 03/03/2026",
    });
    expect(takeDays(createScan("la semaine prochaine"), TODAY)[0]?.period).toEqual({
      from: "2026-03-23",
      to: "2026-03-29",
      label: "la semaine prochaine",
    });
  });
});

const RANGES: [text: string, from: string, to: string][] = [
  ["du 1er juin au 31 août", "2026-06-01", "2026-08-31"],
  ["entre le 3 et le 10 mars", "2026-03-03", "2026-03-10"],
  ["du premier au quinze avril", "2026-04-01", "2026-04-15"],
  ["du 28 décembre au 4 janvier 2027", "2026-12-28", "2027-01-04"],
  ["du 02/03 au 06/03", "2026-03-02", "2026-03-06"],
  // The two ends said in different forms, as people mix them.
  ["mission du 1er mai au 15/06", "2026-05-01", "2026-06-15"],
  ["du 03/09 au vingt octobre", "2026-09-03", "2026-10-20"],
  ["entre le 12/01/2027 et le 2 février 2027", "2027-01-12", "2027-02-02"],
  ["du lundi 4 au vendredi 8 mai", "2026-05-04", "2026-05-08"],
  ["à partir du 1er septembre jusqu'au 15/10", "2026-09-01", "2026-10-15"],
  // A start and how long it lasts.
  ["à partir du 1er avril pour 6 mois", "2026-04-01", "2026-09-30"],
  ["pour une durée de 3 semaines à compter du 04/05", "2026-05-04", "2026-05-24"],
  ["du 15 juin pendant deux mois", "2026-06-15", "2026-08-14"],
];

describe("start and end in one sentence", () => {
  it.each(RANGES)("%s → %s … %s", (text, from, to) => {
    expect(takeDayRange(createScan(text), TODAY)?.resolve("nearest")).toEqual({ from, to });
  });
});
