/**
 * The French words the interpreter recognises, folded (lower case, no accents: "crée" is "cree"), with the
 * typos people make when they type fast ("factrue", "devi", "cleint", "porjet"). Spec §5 "Command
 * interpretation" lists what must be recognised; everything else is here to make those robust.
 */
import type { AssistantIntegration, ViewDataType } from "../../schemas/interpretation";
import { groupedPattern, wordsPattern } from "./scan";

/** What a command talks about. Tasks and payments can be shown, not created by the assistant. */
export type Subject = "invoice" | "quote" | "client" | "expense" | "project" | "task" | "payment";

const SUBJECT_WORDS: Record<Subject, string[]> = {
  invoice: [
    "factures?",
    "factrues?",
    "facure?s?",
    "fatures?",
    "fatcures?",
    "factur",
    "facturer",
    "facturez",
    "facturation",
    "fact",
    "notes? d'honoraires",
    "impayee?s?",
    "chiffre d'affaires?",
  ],
  quote: [
    "devis",
    "devi",
    "deivs",
    "dvis",
    "deviss",
    "propositions? commerciales?",
    "propal(?:e|es|s)?",
    "chiffrages?",
  ],
  client: ["clients?", "clientes?", "cleints?", "clinets?", "clien", "prospects?"],
  expense: [
    "depenses?",
    "depences?",
    "depanses?",
    "frais",
    "notes? de frais",
    "achats?",
    "j ?'? ?ai (?:paye|payer|depense|achete|regle|claque|sorti)",
  ],
  project: ["projets?", "progets?", "porjets?", "prjets?", "projtes?", "missions?"],
  task: ["taches?", "todos?", "to-do"],
  payment: ["paiements?", "payements?", "reglements?", "encaissements?", "virements?", "versements?"],
};

/** One pass over the text finds every subject; the group name says which. */
export const SUBJECTS = groupedPattern(SUBJECT_WORDS);

export const DATA_TYPES = {
  invoice: "invoices",
  quote: "quotes",
  client: "clients",
  expense: "expenses",
  project: "projects",
  task: "tasks",
  payment: "payments",
} as const satisfies Record<Subject, ViewDataType>;

/**
 * What the word before the subject asks for. "nouveau" alone means a creation ("nouveau devis pour
 * Leroy"), but not after a question ("combien de nouveaux clients ?"): it is a "fresh" cue that defers to one.
 */
export type CueKind = "create" | "fresh" | "view" | "other";

const CUE_WORDS: Record<CueKind, string[]> = {
  create: [
    "cree",
    "creer",
    "creez",
    "cre",
    "crer",
    "cres",
    "creation",
    "ajoute",
    "ajouter",
    "ajoutez",
    "ajout",
    "rajoute",
    "rajouter",
    "fais",
    "faire",
    "faites",
    "fait(?=[- ]moi)",
    "donne(?=(?:[- ]moi|[- ]nous)? (?:un|une|nouveau|nouvelle) )",
    "prepare",
    "preparer",
    "preparez",
    "etablis",
    "etablir",
    "etablissez",
    "emets",
    "emettre",
    "emettez",
    "genere",
    "generer",
    "generez",
    "redige",
    "rediger",
    "redigez",
    "enregistre",
    "enregistrer",
    "enregistrez",
    "saisis",
    "saisir",
    "note",
    "noter",
    "notez",
    "lance",
    "lancer",
    "lancez",
    "demarre",
    "demarrer",
    "ouvre",
    "ouvrir",
    "envoie(?= (?:un|une|nouveau|nouvelle) )",
    "il (?:me|nous) faut",
    "besoin d'",
    "je dois",
    "je veux",
    "je voudrais",
    "j'aimerais",
    "faudrait",
  ],
  fresh: ["nouveaux?", "nouvelles?", "nouvel", "nouvo", "nvl?"],
  view: [
    "montre",
    "montrer",
    "montrez",
    "affiche",
    "afficher",
    "affichez",
    "liste",
    "lister",
    "listez",
    "voir",
    "vois",
    "visualiser?",
    "consulte",
    "consulter",
    "donne(?!(?:[- ]moi|[- ]nous)? (?:un|une|nouveau|nouvelle) )",
    "donner",
    "donnez",
    "quels?",
    "quelles?",
    "combien",
    "ou en (?:sont|est|suis)",
    "recap",
    "recapitulatif",
    "resume",
    "bilan",
    "etat",
    "statuts?",
    "situation",
    "point sur",
    "cherche",
    "chercher",
    "trouve",
    "trouver",
    "retrouve",
    "recherche",
    "rechercher",
    "y a[- ]t[- ]il",
    "ai[- ]je",
    "est-ce que j'ai",
    "analyse",
    "analyser",
    "rapport",
    "synthese",
    "historique",
    "dernier(?:e|s|es)",
  ],
  // Reminders, sending an existing document, editing or deleting: not a creation, so the general answer
  // (and the planner) handles them rather than a draft being created by mistake.
  other: [
    "relance",
    "relancer",
    "relancez",
    "rappelle",
    "rappeler",
    "rappels?",
    "envoie(?! (?:un|une|nouveau|nouvelle) )",
    "envoyer",
    "envoyez",
    "supprime",
    "supprimer",
    "efface",
    "effacer",
    "annule",
    "annuler",
    "modifie",
    "modifier",
    "change",
    "changer",
    "mets a jour",
    "mettre a jour",
    "marque",
    "marquer",
    "archive",
    "archiver",
    "convertis",
    "convertir",
    "transforme",
    "transformer",
    "duplique",
    "dupliquer",
  ],
};

export const CUES = groupedPattern(CUE_WORDS);

/** Weak signs of a question about one's data when no verb says it: "mes factures en retard ?". */
export const POSSESSIVE_BEFORE =
  /(?:^|[^\p{L}])(?:mes|mon|ma|nos|notre|les|tous les|toutes les)\s+(?:\p{L}+\s+)?$/u;
export const QUESTION = /\?\s*$|^\s*(?:est-ce que|qui|quand|comment|pourquoi|as-tu|avons-nous)(?![\p{L}])/u;
export const STATUS_WORDS = wordsPattern(
  ["en retard", "impayee?s?", "en attente", "non payee?s?", "payee?s?", "en cours"],
  "",
);

export const AUTOMATION = wordsPattern([
  "automati\\p{L}*",
  "auto-?relances?",
  "workflows?",
  "scenarios?",
  "recurren\\p{L}*",
  "periodique\\p{L}*",
  "chaque (?:jour|semaine|mois|annee|trimestre|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)",
  "tous les (?:jours|mois|ans|trimestres|lundis|mardis|mercredis|jeudis|vendredis|samedis|dimanches|\\d+ jours)",
  "toutes les semaines",
]);
/** "Quand un devis est accepté, crée la facture": a rule, unless it is a question about one. */
export const AUTOMATION_TRIGGER = wordsPattern([
  "a chaque fois",
  "chaque fois qu'?",
  "des qu'?",
  "des que",
  "lorsqu'?",
  "quand (?:un|une|le|la|les|il|elle|mon|ma|mes)",
]);

const INTEGRATION_WORDS: Record<AssistantIntegration, string[]> = {
  zapier: ["zapp?ier"],
  google_calendar: [
    "google ?(?:calendar|agenda|calendrier|cal)",
    "(?:agenda|calendrier) google",
    "gcal",
    "g-?agenda",
  ],
  mailchimp: ["mail ?chimp"],
  stripe: ["stripe"],
};

export const INTEGRATIONS = groupedPattern(INTEGRATION_WORDS);

/** Spec §5: create, generate, analyse, invoice, client, project, quote, reminder, automate. */
export const PLANNING = wordsPattern(
  [
    "cree",
    "creer",
    "creez",
    "crer",
    "creation",
    "gener\\p{L}*",
    "analys\\p{L}*",
    "factur\\p{L}*",
    "factrues?",
    "client\\p{L}*",
    "projets?",
    "devis?",
    "relanc\\p{L}*",
    "rappel\\p{L}*",
    "automati\\p{L}*",
  ],
  "",
);
