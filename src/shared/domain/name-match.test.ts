import { describe, expect, it } from "vitest";
import { matchByName, nameMatchScore } from "./name-match";

const clients = [
  "Studio Lumière",
  "Cabinet Leroy & Associés",
  "SARL Les Jardins de Provence",
  "Hôtel du Lac",
  "Domaine de la Croix-Blanche",
  "Martin",
  "Martin & Fils",
  "Dupont Immobilier",
  "Dupont Conseil",
];
const match = (said: string) => matchByName(said, clients, (name) => name).map((found) => found.item);

describe("matching a said name against the user's clients", () => {
  it.each([
    ["studio lumiere", "Studio Lumière"],
    ["Cabinet Leroy et associés", "Cabinet Leroy & Associés"],
    ["les jardins de provence", "SARL Les Jardins de Provence"],
    ["SARL Jardins de Provence", "SARL Les Jardins de Provence"],
    ["l'Hôtel du Lac", "Hôtel du Lac"],
    ["domaine de la croix blanche", "Domaine de la Croix-Blanche"],
    ["Studio Lumiere", "Studio Lumière"],
    ["Studio Lumire", "Studio Lumière"],
    ["Leroy", "Cabinet Leroy & Associés"],
  ])("« %s » is %s", (said, expected) => {
    expect(match(said)).toEqual([expected]);
  });

  it("prefers the exact name over a longer one that contains it", () => {
    expect(match("Martin")).toEqual(["Martin"]);
    expect(match("Martin et fils")).toEqual(["Martin & Fils"]);
  });

  it("lists every candidate when a name designates several clients", () => {
    expect(match("Dupont")).toEqual(expect.arrayContaining(["Dupont Immobilier", "Dupont Conseil"]));
    expect(match("Dupont")).toHaveLength(2);
  });

  it("finds nothing for another business", () => {
    expect(match("Boulangerie Au Bon Pain")).toEqual([]);
    expect(match("Studio Pixel")).toEqual([]);
  });

  it("keeps two legal forms apart", () => {
    expect(nameMatchScore("SAS Les Jardins de Provence", "SARL Les Jardins de Provence")).toBe(0);
  });

  it("ignores civilities", () => {
    expect(nameMatchScore("Mme Lefèvre", "Lefevre")).toBe(1);
  });
});
