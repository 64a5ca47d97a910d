import type { UrssafActivity } from "@shared/domain/urssaf";
import rules from "modele-social";
import Engine, { type PublicodesExpression } from "publicodes";

/**
 * The official rules of the URSSAF simulators (npm modele-social, evaluated by publicodes), offline: every
 * rate, the ACRE reduction, CFP, chamber taxes and the versement libératoire come from them, none is typed
 * here. Parsing the rules takes about a second, so the engine is built once per process, on first use, and
 * each evaluation works on a shallow copy (its own situation, the parsed rules shared).
 */
let engine: Engine | undefined;
function sharedEngine(): Engine {
  engine ??= new Engine(rules, {
    // The rules warn about their own experimental parts on every parse; that is not our log's business.
    logger: { log: () => {}, warn: () => {}, error: (message: string) => console.error(message) },
  });
  return engine;
}

const RULE = {
  turnover: "dirigeant . auto-entrepreneur . chiffre d'affaires",
  contributions: "dirigeant . auto-entrepreneur . cotisations et contributions . cotisations",
  cfp: "dirigeant . auto-entrepreneur . cotisations et contributions . CFP",
  chamberTax: "dirigeant . auto-entrepreneur . cotisations et contributions . TFC",
  versementLiberatoire: "dirigeant . auto-entrepreneur . impôt . versement libératoire . montant",
} as const;

/** How each activity of the settings reads in the rules' questions. */
const ACTIVITY_SITUATION: Record<UrssafActivity, Record<string, PublicodesExpression>> = {
  vente: {
    "entreprise . activité . nature": "'commerciale'",
    "entreprise . activités . service ou vente": "'vente'",
  },
  "services-bic": {
    "entreprise . activité . nature": "'commerciale'",
    "entreprise . activités . service ou vente": "'service'",
  },
  "services-artisanales": {
    "entreprise . activité . nature": "'artisanale'",
    "entreprise . activités . service ou vente": "'service'",
  },
  "bnc-ssi": { "entreprise . activité . nature": "'libérale'" },
  "bnc-cipav": {
    "entreprise . activité . nature": "'libérale'",
    "entreprise . activité . nature . libérale . réglementée": "oui",
  },
};

export type DeclarationInput = {
  activity: UrssafActivity;
  /** The period's first day: the rates in force then apply. */
  periodStart: string;
  creationDate: string;
  /** ACRE granted and the period inside its window. */
  hasAcre: boolean;
  hasVersementLiberatoire: boolean;
  /** Cash received in the period, excluding VAT. */
  turnoverCents: number;
};

export type DeclarationFigures = {
  /** The turnover as declared: the form takes whole euros. */
  declaredTurnoverCents: number;
  contributionsCents: number;
  cfpCents: number;
  /** Taxe pour frais de chambre (CCI or CMA), part of what URSSAF collects for commercial activities. */
  chamberTaxCents: number;
  versementLiberatoireCents: number;
  totalCents: number;
};

/** The declaration form takes the turnover in whole euros; everything is computed on that figure. */
const declaredEuros = (cents: number) => Math.round(cents / 100);

const rulesDate = (day: string) => `'${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}'`;

/** The situation the rules are asked about, as mon-entreprise.urssaf.fr's auto-entrepreneur simulator sets it. */
export function situationOf(input: DeclarationInput, unit = "€/mois"): Record<string, PublicodesExpression> {
  return {
    "entreprise . catégorie juridique": "'EI'",
    "entreprise . catégorie juridique . EI . auto-entrepreneur": "oui",
    date: rulesDate(input.periodStart),
    "entreprise . date de création": rulesDate(input.creationDate),
    ...ACTIVITY_SITUATION[input.activity],
    "dirigeant . exonérations . ACRE": input.hasAcre ? "oui" : "non",
    "dirigeant . auto-entrepreneur . impôt . versement libératoire": input.hasVersementLiberatoire
      ? "oui"
      : "non",
    [RULE.turnover]: `${declaredEuros(input.turnoverCents)} ${unit}`,
  };
}

/**
 * What one declaration costs. The rules compute monthly amounts rounded to the euro; a declaration is
 * computed on its own turnover (URSSAF applies the rate to the period's figure once), so the period's
 * turnover is given as the rules' monthly one, whether the period is a month, a quarter or the longer first
 * period: the result is the same products, rounded once, as on the declaration form.
 */
export function computeDeclaration(input: DeclarationInput): DeclarationFigures {
  const evaluation = sharedEngine().shallowCopy().setSituation(situationOf(input));
  const euros = (rule: string) => {
    const value = evaluation.evaluate({ valeur: rule, unité: "€/mois" }).nodeValue;
    return typeof value === "number" ? Math.round(value * 100) : 0;
  };
  const figures = {
    declaredTurnoverCents: declaredEuros(input.turnoverCents) * 100,
    contributionsCents: euros(RULE.contributions),
    cfpCents: euros(RULE.cfp),
    chamberTaxCents: euros(RULE.chamberTax),
    versementLiberatoireCents: input.hasVersementLiberatoire ? euros(RULE.versementLiberatoire) : 0,
  };
  return {
    ...figures,
    totalCents:
      figures.contributionsCents +
      figures.cfpCents +
      figures.chamberTaxCents +
      figures.versementLiberatoireCents,
  };
}
