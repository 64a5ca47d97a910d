import { describe, expect, it } from "vitest";
import { clientKindAnswer, clientKindOfName, clientKindSaid } from "./client-kind";

describe("a new client's kind", () => {
  it.each([
    ["Crée une facture pour Madame Sophie Lefèvre de 200 €", "Sophie Lefèvre", "particulier"],
    ["devis pour M. Bernard, 450 €", "Bernard", "particulier"],
    ["facture pour Dupont, particulier, 500 €", "Dupont", "particulier"],
    ["facture pour la société Dupont de 500 €", "Dupont", "entreprise"],
    ["Crée une facture pour Dupont SARL de 500 €", "Dupont SARL", "entreprise"],
    ["facture pour la menuiserie girard de 90 €", "Menuiserie Girard", "entreprise"],
    ["devis pour Maître Garnier de 800 €", "Garnier", undefined],
    ["Crée une facture pour Dupont de 500 €", "Dupont", undefined],
    ["facture pour Julie Marchand de 300 €", "Julie Marchand", undefined],
  ])("« %s » (%s): %s", (text, name, kind) => {
    expect(clientKindSaid(text, name)).toBe(kind);
  });

  it("reads a business from its name alone", () => {
    expect(clientKindOfName("Les Ateliers du Port")).toBe("entreprise");
    expect(clientKindOfName("Studio Lumière")).toBe("entreprise");
    expect(clientKindOfName("Dupont")).toBeUndefined();
  });

  it.each([
    ["particulier", "particulier"],
    ["C'est un particulier.", "particulier"],
    ["une personne physique", "particulier"],
    ["entreprise", "entreprise"],
    ["c'est une société", "entreprise"],
    ["un pro", "entreprise"],
    ["une association", "entreprise"],
    ["ni l'un ni l'autre", undefined],
    ["oui", undefined],
    ["particulier ou entreprise, je ne sais pas", undefined],
  ])("the answer « %s » is %s", (text, kind) => {
    expect(clientKindAnswer(text)).toBe(kind);
  });
});
