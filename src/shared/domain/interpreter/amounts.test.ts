import { describe, expect, it } from "vitest";
import { takeAmount } from "./amounts";
import { normalizeCommand } from "./normalize";
import { createScan } from "./scan";

const amountOf = (text: string) => {
  const cents = takeAmount(createScan(normalizeCommand(text)))?.cents;
  return cents === undefined ? undefined : cents / 100;
};

describe("the amount of a command", () => {
  it.each([
    ["facture Durand de mille deux cents euros", 1200],
    ["devis de quatre cent cinquante euros HT", 450],
    ["budget de 2 k pour la refonte", 2000],
    ["un écran 4K pour 1,5k€", 1500],
    ["facture de 1.200 € pour Martin", 1200],
    ["1 200,50 € TTC pour la SCI Lambert", 1200.5],
    ["facture 1200e", 1200],
    ["acompte EUR 4 300 Atelier 42", 4300],
    ["Atelier 42 EUR 4 300", 4300],
    ["300 balles de resto", 300],
    ["€ 50 de taxi", 50],
    ["facture leroy 1200 a regler avant le 5 avril", 1200],
    ["ajoute 12,90 de parking", 12.9],
    ["facture pour Nexa à 450", 450],
    ["devis pour 300 à la boulangerie", 300],
    ["montant : 800", 800],
    ["trois mille euros de matériel", 3000],
    // A business's name that ends in a number, then the sum, in any of its forms.
    ["devis Studio 54 720e", 720],
    ["facture garage 12 1 450 €", 1450],
    ["contrat agence 360 €1 900", 1900],
    ["facture l'atelier 7 deux mille euros", 2000],
  ])("« %s » costs %s €", (text, amount) => {
    expect(amountOf(text)).toBe(amount);
  });

  it.each([
    "devis pour un écran 4K",
    "facture pour l'Agence 360",
    "devis pour l'Atelier 42",
    "trajet Rennes-Paris en train",
    "facture de janvier 2025 pour Martin",
    "facture n° 12 pour Durand",
    "appeler Paul au 06 12 34 56 78",
    "la 3e relance de Dupont",
    "montre mes 5 dernières factures",
    "note: rappeler Julie dans 3 jours",
  ])("« %s » says no amount", (text) => {
    expect(amountOf(text)).toBeUndefined();
  });
});
