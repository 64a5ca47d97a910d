import { TURNOVER_THRESHOLDS } from "@shared/domain/urssaf-thresholds";
import rules from "modele-social";
import Engine from "publicodes";
import { describe, expect, it } from "vitest";
import { computeDeclaration, type DeclarationInput } from "./urssaf-engine";

// The rules' own evaluation, asked directly with the situation written out by hand, to compare with.
const reference = new Engine(rules, { logger: { log: () => {}, warn: () => {}, error: () => {} } });
const AE = "dirigeant . auto-entrepreneur";
function evaluate(situation: Record<string, string>, rule: string): number {
  const value = reference
    .shallowCopy()
    .setSituation({
      "entreprise . catégorie juridique": "'EI'",
      "entreprise . catégorie juridique . EI . auto-entrepreneur": "oui",
      ...situation,
    })
    .evaluate({ valeur: rule, unité: "€/mois" }).nodeValue;
  return Math.round(Number(value) * 100);
}

const bnc10k: DeclarationInput = {
  activity: "bnc-ssi",
  periodStart: "2026-03-01",
  creationDate: "2020-01-01",
  hasAcre: false,
  hasVersementLiberatoire: false,
  turnoverCents: 10_000_00,
};

describe("a declaration computed with the official rules", () => {
  it("10 000 € of BNC (SSI) in March 2026, without ACRE: 25,6 % and 0,2 % CFP", () => {
    const figures = computeDeclaration(bnc10k);
    const situation = {
      date: "'01/03/2026'",
      "entreprise . date de création": "'01/01/2020'",
      "entreprise . activité . nature": "'libérale'",
      [`${AE} . chiffre d'affaires`]: "10000 €/mois",
    };
    expect(figures).toEqual({
      declaredTurnoverCents: 10_000_00,
      contributionsCents: evaluate(situation, `${AE} . cotisations et contributions . cotisations`),
      cfpCents: evaluate(situation, `${AE} . cotisations et contributions . CFP`),
      chamberTaxCents: 0,
      versementLiberatoireCents: 0,
      totalCents: evaluate(situation, `${AE} . cotisations et contributions`),
    });
    // What the URSSAF site shows for this case in 2026.
    expect(figures).toMatchObject({ contributionsCents: 2_560_00, cfpCents: 20_00, totalCents: 2_580_00 });
  });

  it("the same with ACRE (activity started in February 2026): half the contributions, CFP unchanged", () => {
    const figures = computeDeclaration({ ...bnc10k, creationDate: "2026-02-01", hasAcre: true });
    const situation = {
      date: "'01/03/2026'",
      "entreprise . date de création": "'01/02/2026'",
      "entreprise . activité . nature": "'libérale'",
      "dirigeant . exonérations . ACRE": "oui",
      [`${AE} . chiffre d'affaires`]: "10000 €/mois",
    };
    expect(figures.contributionsCents).toBe(
      evaluate(situation, `${AE} . cotisations et contributions . cotisations`),
    );
    expect(figures).toMatchObject({ contributionsCents: 1_280_00, cfpCents: 20_00, totalCents: 1_300_00 });
  });

  it("an artisan's services: the artisans' training contribution and chamber of trades' tax, above a trader's (issue 28)", () => {
    const artisan = computeDeclaration({ ...bnc10k, activity: "services-artisanales" });
    const trader = computeDeclaration({ ...bnc10k, activity: "services-bic" });
    const situation = {
      date: "'01/03/2026'",
      "entreprise . date de création": "'01/01/2020'",
      "entreprise . activité . nature": "'artisanale'",
      "entreprise . activités . service ou vente": "'service'",
      [`${AE} . chiffre d'affaires`]: "10000 €/mois",
    };
    expect(artisan).toMatchObject({
      cfpCents: evaluate(situation, `${AE} . cotisations et contributions . CFP`),
      chamberTaxCents: evaluate(situation, `${AE} . cotisations et contributions . TFC`),
      totalCents: evaluate(situation, `${AE} . cotisations et contributions`),
    });
    // 0,3 % of CFP and 0,48 % for the chambre de métiers, against a trader's 0,1 % and CCI tax.
    expect(artisan).toMatchObject({ cfpCents: 30_00, chamberTaxCents: 48_00 });
    expect(artisan.cfpCents).toBeGreaterThan(trader.cfpCents);
    expect(artisan.chamberTaxCents).toBeGreaterThan(trader.chamberTaxCents);
  });

  it("services BIC, a quarter with the versement libératoire: contributions, CFP, CCI tax and 1,7 % of tax", () => {
    const figures = computeDeclaration({
      ...bnc10k,
      activity: "services-bic",
      periodStart: "2026-04-01",
      hasVersementLiberatoire: true,
      turnoverCents: 12_345_67,
    });
    const situation = {
      date: "'01/04/2026'",
      "entreprise . date de création": "'01/01/2020'",
      "entreprise . activité . nature": "'commerciale'",
      "entreprise . activités . service ou vente": "'service'",
      "dirigeant . auto-entrepreneur . impôt . versement libératoire": "oui",
      [`${AE} . chiffre d'affaires`]: "12346 €/mois",
    };
    expect(figures).toEqual({
      declaredTurnoverCents: evaluate(situation, "entreprise . chiffre d'affaires . service BIC"),
      contributionsCents: evaluate(situation, `${AE} . cotisations et contributions . cotisations`),
      cfpCents: evaluate(situation, `${AE} . cotisations et contributions . CFP`),
      chamberTaxCents: evaluate(situation, `${AE} . cotisations et contributions . TFC`),
      versementLiberatoireCents: evaluate(situation, `${AE} . impôt . versement libératoire . montant`),
      totalCents:
        evaluate(situation, `${AE} . cotisations et contributions`) +
        evaluate(situation, `${AE} . impôt . versement libératoire . montant`),
    });
    // Declared in whole euros: 21,2 % of 12 346 € rounded to the euro, CFP 0,1 % (not rounded by the rules), CCI 0,044 %, tax 1,7 %.
    expect(figures).toMatchObject({
      declaredTurnoverCents: 12_346_00,
      contributionsCents: 2_617_00,
      cfpCents: 12_35,
      chamberTaxCents: 5_00,
      versementLiberatoireCents: 209_88,
    });
  });

  it("sales and regulated BNC (Cipav) take their own rates", () => {
    const sales = computeDeclaration({ ...bnc10k, activity: "vente", hasVersementLiberatoire: true });
    expect(sales).toMatchObject({
      contributionsCents: 1_230_00,
      cfpCents: 10_00,
      versementLiberatoireCents: 100_00,
    });
    const cipav = computeDeclaration({ ...bnc10k, activity: "bnc-cipav" });
    expect(cipav).toMatchObject({ contributionsCents: 2_320_00, cfpCents: 20_00 });
  });

  it("applies the rates of the period: BNC was 24,6 % in 2025", () => {
    expect(computeDeclaration({ ...bnc10k, periodStart: "2025-03-01" }).contributionsCents).toBe(2_460_00);
  });

  it("nothing received, nothing due", () => {
    expect(computeDeclaration({ ...bnc10k, turnoverCents: 0 }).totalCents).toBe(0);
  });
});

describe("the thresholds table", () => {
  it("has the micro ceilings of the rules for each year it lists", () => {
    for (const row of TURNOVER_THRESHOLDS) {
      const at = reference
        .shallowCopy()
        .setSituation({ date: `'${row.from.split("-").reverse().join("/")}'` });
      const ceiling = (rule: string) =>
        Math.round(Number(at.evaluate({ valeur: rule, unité: "€/an" }).nodeValue) * 100);
      expect(row.sales.micro).toBe(ceiling("entreprise . chiffre d'affaires . seuil micro . total"));
      expect(row.services.micro).toBe(ceiling("entreprise . chiffre d'affaires . seuil micro . libérale"));
    }
  });
});
