/**
 * The French words the interpreter recognises, folded (lower case, no accents: "crée" is "cree"), with the
 * typos people make when they type fast ("factrue", "devi", "cleint", "porjet"). Spec §5 "Command
 * interpretation" lists what must be recognised; everything else is here to make those robust.
 */
import type { AssistantIntegration, ViewDataType } from "../../schemas/interpretation";
import { groupedPattern, wordsPattern } from "./scan";

/** What a command talks about. */
export type Subject =
  | "invoice"
  | "quote"
  | "client"
  | "expense"
  | "project"
  | "task"
  | "payment"
  | "contract";

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
  task: ["taches?", "tache", "tches?", "todos?", "to-?do(?: ?list)?", "pense-betes?", "choses? a faire"],
  contract: [
    "contrats?",
    "contart",
    "contrta",
    "nda",
    "accords? de confidentialite",
    "conventions? de (?:prestation|service)s?",
  ],
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
} as const satisfies Record<Exclude<Subject, "contract">, ViewDataType>;

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
    // "dresse un contrat", "monte-moi un devis": the record follows them, so they make it.
    "dresse",
    "dresser",
    "monte(?=(?:[- ]moi)? (?:un|une|nouveau|nouvelle) )",
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
  // Rules that run per record (issue 14 §3): "à chaque nouveau client", "la veille de leur échéance",
  // "3 jours avant l'expiration d'un devis".
  "a chaque nouv\\p{L}*",
  "la veille de (?:leur|leurs|chaque|son|sa|ses) echeances?",
  "\\d+ jours? avant (?:l'|la |le )?(?:expiration|echeance|fin de validite) d'(?:un|une|chaque)",
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

/** Advice and how-to questions: answered in words, not from the data ("comment fixer mon TJM ?"). */
export const ADVICE = new RegExp(
  [
    "(?<![\\p{L}])(?:(?:des|un|quelques|tes|vos|ton|votre|besoin de|besoin d'un|de bons|petits?) (?:conseils?|astuces?|tuyaux|recommandations?|idees?)|conseils? (?:pour|sur|afin)|conseille-moi|conseillez-moi|astuces? (?:pour|sur)|tips|idees? pour|strategies? pour|bonnes pratiques)(?![\\p{L}])",
    "(?<![\\p{L}])comment (?:je (?:peux|pourrais|dois|devrais|fais)|puis-je|pourrais-je|dois-je|faire|on (?:fait|peut|doit)|bien|mieux|\\p{L}+(?:er|ir|re))(?![\\p{L}])",
    "(?<![\\p{L}])(?:que|qu'est-ce que tu|tu) (?:me )?(?:conseilles|recommandes|suggeres|proposes)(?![\\p{L}])",
    "(?<![\\p{L}])(?:quelle est la meilleure|quelle serait la meilleure|quel est le meilleur moyen|la meilleure (?:facon|maniere|methode))(?![\\p{L}])",
    "^\\s*(?:dois-je|devrais-je|faut-il|est-il (?:possible|judicieux|utile|conseille)|est-ce (?:que je devrais|qu'il faut|utile|rentable de|une bonne idee)|vaut-il mieux|c'est quoi|qu'est-ce qu'un|qu'est-ce qu'une|explique)(?![\\p{L}])",
    "(?<![\\p{L}])(?:aide[- ]moi|aidez[- ]moi) a (?:trouver|fixer|definir|choisir|calculer|ameliorer|augmenter|negocier|comprendre|rediger|ecrire|mieux)(?![\\p{L}])",
    "(?<![\\p{L}])(?:quel|quelle) (?:tjm|tarif|taux|prix) (?:devrais|dois|pratiquer|appliquer|demander|facturer|fixer)",
  ].join("|"),
  "u",
);

/**
 * A payment that happened, said as a fact: "la facture INV-2026-0042 a été payée hier", "Dupont m'a réglé
 * 500 €", "j'ai reçu le virement de Nexa", "paiement reçu", "marque la facture comme payée", "enregistre un
 * règlement de 300 €", "encaisse le chèque de Martin". "J'ai payé 40 € de train" is an expense.
 */
export const PAYMENT_REPORT = new RegExp(
  [
    "(?:a|ont|avoir) ete (?:bien )?(?:payee?s?|reglee?s?|encaissee?s?|soldee?s?|viree?s?|versee?s?|acquittee?s?)",
    "(?:est|sont) (?:bien |enfin |desormais )?(?:payee?s?|reglee?s?|encaissee?s?|soldee?s?|acquittee?s?)",
    "(?:m'a|m'ont|nous a|nous ont|m a|ma|mont) (?:bien |enfin |finalement |deja )?(?:paye|payee|regle|reglee|vire|verse|envoye|fait (?:un|le) (?:virement|cheque|paiement)|donne|rembourse|solde)",
    // "on a payé", "j'ai payé" are one's own spending, but "Orion a payé", "Manon a réglé" are payers.
    "(?<!(?:^|[^\\p{L}])j')(?<!(?:^|[^\\p{L}])j )(?<!(?:^|[^\\p{L}])on )(?<!ai-je )(?:a|ont) (?:bien |enfin |finalement |deja )?(?:paye|regle|solde|vire|verse|acquitte)(?! combien)",
    "(?:vient|viennent) de (?:me |nous )?(?:payer|regler|virer|verser|solder)",
    "(?:j'ai|jai|j ai|on a|nous avons|je viens de|on vient de|viens de) (?:bien |enfin |finalement )?(?:recu|encaisse|touche|percu|recupere)(?! (?:une|la|les|des) factures?)",
    "(?:paiement|reglement|virement|cheque|versement|acompte|solde)s? (?:bien |de \\S+ € |de \\S+ euros? )?(?:recue?s?|encaisse\\p{L}*|arrive\\p{L}*|percue?s?)",
    "(?:recu|reception d'un|reception du|encaissement du|encaissement d'un) (?:le |un |du |mon |son )?(?:paiement|reglement|virement|cheque|versement|acompte)",
    "(?:enregistre|enregistrer|enregistrez|saisis|saisir|saisissez|note|noter|ajoute|ajouter|declare|declarer|renseigne|renseigner|cree|creer|comptabilise|comptabiliser|consigne)(?:-moi)? (?:un|une|le|la|ce|cet|cette|mon|l')? ?(?:nouveau |nouvel )?(?:paiement|reglement|encaissement|versement|acompte|virement recu|cheque recu)",
    "(?:encaisse|encaisser|encaissez|depose|deposer) (?:le|la|un|une|ce|cette|les|sa|son) (?:cheque|paiement|virement|reglement|acompte|versement|especes|facture)",
    "facture (?:\\S+ )?(?:payee|reglee|encaissee|soldee)(?: (?:hier|aujourd'hui|ce matin|le|par|en|via|avant-hier))",
    "\\d{3,6} (?:est |a ete )?(?:bien )?(?:payee|reglee|encaissee|soldee)",
    "^\\s*(?:bien )?(?:recu|encaisse|percu)(?: le| un| une)?",
    "^\\s*(?:paiement|reglement|virement|cheque|versement|acompte)s? (?:bien )?(?:recue?s?|encaisse\\p{L}*)",
  ]
    .map((source) => `(?<![\\p{L}])(?:${source})(?![\\p{L}])`)
    .join("|"),
  "u",
);

/** "Marque la facture Dupont comme payée": the verb and the state are taken, the invoice between them stays. */
export const MARK_AS_PAID =
  /(?<![\p{L}])(marque|marquer|marquez|passe|passer|passez|mets|mettre|indique|note|noter|notez)(?:-la|-le)?(?![\p{L}]).{0,80}?((?:comme|en|a) (?:payee?|reglee?|encaissee?|soldee?|acquittee?))(?![\p{L}])/u;

/** "Est-ce que Dupont a payé ?", "Nexa a-t-il réglé sa facture ?": a question about invoices. */
export const PAID_QUESTION =
  /(?<![\p{L}])(?:a|ont|as|avez)(?:-t-(?:il|elle)|-(?:ils|elles))? (?:bien |deja |enfin )?(?:paye|regle|solde|vire)(?![\p{L}])/u;

/** "Ce que j'ai encaissé", "combien j'ai reçu": a question, even without a question mark. */
export const ASKED_BEFORE = /(?:ce que|ce qu'|combien|qu'est-ce que|tout ce que|montant)\s*(?:\p{L}+\s+)?$/u;

/** "encaisser la facture … via Stripe": collecting through the service, not a payment already received. */
export const ENCASH = /(?<![\p{L}])(?:encaiss\p{L}*|faire payer|fais payer|collecte\p{L}*)(?![\p{L}])/u;

/**
 * A note to oneself, a task whose title is the rest: "rappelle-moi d'appeler Dupont", "note-moi de
 * commander du papier", "à faire : devis Nexa", "rappel : URSSAF vendredi", "pense à …", "n'oublie pas de …".
 * The lead-in phrases are said first; "il faut que je" anywhere would catch "il faut que je facture Dupont".
 */
// What may open a note to oneself before its lead-in: "bonjour, à faire : …", "stp, n'oublie pas de …".
const GREETING_FIRST =
  "^\\s*(?:(?:bonjour|salut|hello|coucou|stp|svp|s'il te plait|s'il vous plait|steuplait|euh)\\s*,?\\s*)*";

export const TASK_IDIOM = new RegExp(
  [
    // Typed fast, "rappelle" loses or doubles a letter: "rappele-moi", "rapelle-moi".
    "(?<![\\p{L}])(?:rapp?ell?e[- ]moi|rappelez[- ]moi|fais[- ]moi penser|faites[- ]moi penser|n'?oublie pas de me rappeler|pense a me rappeler) (?:de |d'|qu'il faut |que je dois |a |d'aller )",
    `${GREETING_FIRST}(?:note|notez)[- ]moi (?:de |d'|qu'il faut |que je dois |que )`,
    // "Note de rappeler la banque", but "note de frais" and "note d'honoraires" are records.
    `${GREETING_FIRST}(?:note|notez) (?:de |d')(?!frais|honoraires)`,
    `${GREETING_FIRST}(?:n'?oublie|n'?oubliez|noublie) pas (?:de |d')`,
    `${GREETING_FIRST}(?:pense|pensez|penser) (?:a |au |aux )`,
    // "à faire pour vendredi : …": the day between is read (and taken) by the days, the lead-in stays a task's.
    `${GREETING_FIRST}(?:a faire|todo|to do|to-do|rappel|memo|pense-bete|reminder)(?:\\s*(?::|-|,)\\s*|(?=\\s+(?:pour|avant|d'ici)\\s))`,
    // "mets dans mes tâches : …", "ajoute à ma to-do : …", "inscris sur ma liste : …".
    `${GREETING_FIRST}(?:ajoute|ajouter|mets|mettre|note|noter|inscris|inscrire)(?:-moi)? (?:a|dans|sur) (?:ma|mes|la|les) (?:taches|to-?do(?: ?list)?|liste(?: de taches| des choses a faire)?)\\s*(?::|-|,)\\s*`,
  ].join("|"),
  "gu",
);

/**
 * The reminders of unpaid invoices (spec §6, 7 / 3 / 0 days): "programme les relances de la facture FAC-…",
 * "prépare les relances des impayées", "relance Dupont pour sa facture". Never a new invoice.
 */
export const INVOICE_REMINDERS = new RegExp(
  [
    "(?:programme|programmer|planifie|planifier|prepare|preparer|lance|lancer|envoie|envoyer|active|activer|cree|creer|fais|faire|mets en place|mettre en place|genere|generer|redige|rediger)(?:-les|-moi)? (?:les |des |la |une |mes |toutes les |tous les |un )?(?:relances?|rappels?)",
    "(?:relances?|rappels?) (?:de paiement |de la |du |des |de |pour |sur )(?:la |les |ma |mes |sa |ses |cette |ces )?(?:factures?|impayee?s?|retards?|paiements?|echeances?|clients? en retard)",
    "relance[rz]? .{1,40}? (?:pour|sur|au sujet de|concernant|a propos de) (?:sa|ses|la|leur|leurs|les|mes|ma) (?:factures?|impayee?s?|paiements?|reglements?)",
  ]
    .map((source) => `(?<![\\p{L}])(?:${source})(?![\\p{L}])`)
    .join("|"),
  "u",
);

/** "C'est quoi mon CA ce mois-ci ?": one's own figure, where "c'est quoi une marge ?" asks for a definition. */
export const OWN_FIGURE_QUESTION =
  /(?<![\p{L}])(?:c'?est quoi|c quoi|cest quoi|qu'est-ce que c'est que|ca donne quoi|ca fait combien|ca dit quoi) (?:mon|ma|mes|notre|nos|le|la|les)(?![\p{L}])/u;

/**
 * A project or a mission said as the context of something else: "taxi 35 € pour la mission à Lille", "en
 * mission", "50 € de fournitures au projet Refonte". With something bought, an expense, not a new project.
 */
export const PROJECT_ASIDE =
  /(?<![\p{L}])(?:(?:pour|en|durant|pendant|lors de|sur) (?:la |une |ma |cette |notre )?missions?(?: (?:a|au|aux|chez|de|du|d'|sur|en|pour)(?![\p{L}]))|(?:au|du|sur le|pour le|dans le|lie au|liee au|affecte au|a imputer au) projet)/u;
