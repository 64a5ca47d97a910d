import { describe, expect, it } from "vitest";
import { commandTypoEdits, correctCommandWord, editDistance } from "./command-typos";
import { normalizeCommand } from "./normalize";
import { applyEdits, unchanged } from "./normalized-text";

const normalized = (text: string) => normalizeCommand(text).text;

describe("dictation words", () => {
  it.each([
    [
      "facture pour la menuiserie girard virgule trois jours à 400 euros",
      "facture pour la menuiserie girard, 3 jours à 400 €",
    ],
    ["deux virgule cinq jours de formation", "2,5 jours de formation"],
    ["note appeler Paul point", "note appeler Paul."],
    ["faire le point avec Martin", "faire le point avec Martin"],
    ["objet deux points refonte du site", "objet: refonte du site"],
    ["euh crée une facture euh pour Dupont", "crée une facture pour Dupont"],
    ["tâche à la ligne appeler le comptable", "tâche\nappeler le comptable"],
    ["titre ouvrez les guillemets Refonte fermez les guillemets", 'titre "Refonte"'],
    ["trajet Rennes tiret Paris", "trajet Rennes-Paris"],
    ["client jean tiret pierre arobase gmail point com", "client jean-pierre@gmail.com"],
    ["ajoute un point virgule ici", "ajoute un; ici"],
  ])("« %s » → « %s »", (text, expected) => {
    expect(normalized(text)).toBe(expected);
  });
});

describe("money forms", () => {
  it.each([
    ["devis de 1,5k€ pour Nexa", "devis de 1500 € pour Nexa"],
    ["budget de 2 k", "budget de 2000 €"],
    ["facture 2K€ HT", "facture 2000 € HT"],
    ["facture de 1.200 € à Durand", "facture de 1200 € à Durand"],
    ["1 200,50 € TTC", "1200,50 € TTC"],
    ["payé 1200e", "payé 1200 €"],
    ["1200 eur", "1200 €"],
    ["Atelier 42 EUR 4 300", "Atelier 42 4300 €"],
    ["4 300 euros HT", "4300 € HT"],
    ["300 balles de resto", "300 € de resto"],
    ["€ 50 de taxi", "50 € de taxi"],
    ["12,5 € de café", "12,50 € de café"],
    ["79 euros 50 pour l'hôtel", "79,50 € pour l'hôtel"],
    ["500 euros 3 jours", "500 € 3 jours"],
    ["facture 500 euros 15 mars", "facture 500 € 15 mars"],
    ["facture Agence 360 800 euros", "facture Agence 360 800 €"],
    ["Facture Dupont 1 800 euros", "Facture Dupont 1800 €"],
    ["un écran 4K à 300 €", "un écran 4K à 300 €"],
    ["facture Agence 360 pour la vidéo", "facture Agence 360 pour la vidéo"],
    ["la 3e relance", "la 3e relance"],
    ["appelle le 06 12 34 56 78", "appelle le 06 12 34 56 78"],
    ["facture de mille deux cents euros", "facture de 1200 €"],
    // The cents before a comma or a dictated full stop; a date after the sum stays one.
    ["devis Morel, 640 euros 30, valable un mois", "devis Morel, 640,30 €, valable 1 mois"],
    ["facture de deux mille euros quinze.", "facture de 2000,15 €."],
    ["facture 900 euros 12/04", "facture 900 € 12/04"],
    // A « k » after a record word and a name, or glued to decimals.
    ["contrat studio kéa 4,5k", "contrat studio kéa 4500 €"],
    ["devis Lenoir 3k", "devis Lenoir 3000 €"],
    ["Nova SAS 1.2k HT", "Nova SAS 1200 € HT"],
  ])("« %s » → « %s »", (text, expected) => {
    expect(normalized(text)).toBe(expected);
  });
});

describe("command words typed fast", () => {
  it("counts a swap of two letters as one edit", () => {
    expect([
      editDistance("fcature", "facture"),
      editDistance("dveis", "devis"),
      editDistance("abc", "abc"),
    ]).toEqual([1, 1, 0]);
    expect(editDistance("projt", "projet")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it.each([
    ["fcature", "facture"],
    ["facutre", "facture"],
    ["factur", "facture"],
    ["dveis", "devis"],
    ["dépnse", "dépense"],
    ["depnse", "dépense"],
    ["clinet", "client"],
    ["projt", "projet"],
    ["paiment", "paiement"],
    ["relnace", "relance"],
    ["combein", "combien"],
    // A key held down too long, a letter too few in a short word, a swap against a missing letter.
    ["factture", "facture"],
    ["deviis", "devis"],
    ["fraiis", "frais"],
    ["dvis", "devis"],
    ["facteur", undefined],
    ["factrue", "facture"],
    ["paye", "payé"],
    ["pyée", "payée"],
    ["payéée", "payée"],
    ["rapelle", "rappelle"],
  ])("« %s » is « %s »", (typed, meant) => {
    expect(correctCommandWord(typed)).toBe(meant);
  });

  it.each(["contact", "devise", "denis", "fracture", "liste", "date", "tache", "ciel"])(
    "leaves the French word or name « %s »",
    (word) => {
      expect(correctCommandWord(word) ?? word).toBe(word === "tache" ? "tâche" : word);
    },
  );

  it.each([
    ["Fcature pr Durand stp", "Facture pour Durand s'il te plaît"],
    ["jai payé 30 € de taxi", "j'ai payé 30 € de taxi"],
    ["fait moi un dveis", "fais moi un devis"],
    ["fait-moi une fcature", "fais-moi une facture"],
    ["le travail fait hier", "le travail fait hier"],
    ["ya combien ds les impayés", "il y a combien dans les impayés"],
    ["créer une depense", "créer une depense"],
    ["dveis pour Clinet Immobilier", "devis pour Clinet Immobilier"],
    ["DVEIS POUR DURAND", "DEVIS POUR DURAND"],
    ["réglé par cb", "réglé par cb"],
    // After an article a word is a noun: a last name of zxcvbn's lists no longer keeps the typo.
    ["rédige un contat pour Roux", "rédige un contrat pour Roux"],
    ["facture contat 300 €", "facture contat 300 €"],
    // After a singular article a final « s » is a typo, not a plural of a known word.
    ["prépare un devs pour Roux", "prépare un devis pour Roux"],
    ["les devs du studio", "les devs du studio"],
  ])("« %s » → « %s »", (text, expected) => {
    expect(applyEdits(unchanged(text), commandTypoEdits(text)).text).toBe(expected);
  });
});

describe("the way back to what the user typed", () => {
  it("maps every normalised span to the original characters", () => {
    const text = "fcature pr la Menuiserie Girard virgule deux mille euros";
    const result = normalizeCommand(text);
    expect(result.text).toBe("facture pour la Menuiserie Girard, 2000 €");
    const name = result.text.indexOf("Menuiserie Girard");
    expect(result.originalOf(name, name + "Menuiserie Girard".length)).toBe("Menuiserie Girard");
    expect(result.isChanged(name, name + "Menuiserie Girard".length)).toBe(false);
    const amount = result.text.indexOf("2000 €");
    expect(result.originalOf(amount, amount + 6)).toBe("deux mille euros");
    expect(result.originalOf(0, 7)).toBe("fcature");
    expect(result.isChanged(0, 7)).toBe(true);
    expect(result.originalOf(0, result.text.length)).toBe(text);
  });

  it("keeps a text with nothing to change as it is", () => {
    const text = "Crée une facture pour Dupont de 500 €";
    const result = normalizeCommand(text);
    expect(result.text).toBe(text);
    expect(result.originalOf(22, 28)).toBe("Dupont");
    expect(result.isChanged(0, text.length)).toBe(false);
  });

  it("maps through passes that rewrite what an earlier one wrote", () => {
    const result = normalizeCommand("une heure et demie à soixante-dix euros");
    expect(result.text).toBe("1,5 heure à 70 €");
    expect(result.originalOf(0, 3)).toBe("une");
    expect(result.originalOf(result.text.indexOf("70"), result.text.length)).toBe("soixante-dix euros");
  });
});
