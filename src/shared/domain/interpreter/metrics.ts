import { fold } from "../../fold";
import type {
  InterpretationMetric,
  InterpretedLine,
  InterpretedStatus,
  ViewDataType,
} from "../../schemas/interpretation";
import { wordsPattern } from "./scan";

/**
 * Which figure a question about one's activity asks for, and which status a list is filtered by. The first
 * metric whose words appear wins, most specific first: "combien Dupont me doit" is one client's balance
 * before it is an unpaid total, "mes dépenses par catégorie" a breakdown before a total.
 */
const METRICS: [InterpretationMetric, RegExp][] = [
  [
    "top_debtor",
    wordsPattern(
      [
        "(?:qui|quel client|quelle cliente|lequel|laquelle) (?:est-ce qui )?(?:me |nous )?doi(?:t|vent) le plus",
        "(?:client|cliente) qui (?:me |nous )?doit le plus",
        "plus gros(?:se)? (?:debiteur|debitrice|impaye|creance|ardoise|encours|retard de paiement)s?",
        "(?:client|cliente) (?:avec|qui a) le plus (?:d'|de )(?:impayes|retard|argent du|factures impayees)",
        "(?:pire|plus mauvais) payeur",
        "doit le plus d'argent",
      ],
      "",
    ),
  ],
  [
    "due_soon",
    wordsPattern(
      [
        "(?:arrive\\p{L}*|tombe\\p{L}*|vien\\p{L}*|vont arriver|vont tomber|arrivant|venant|passe\\p{L}*) a (?:leur |son )?echeance",
        "echeances? (?:de cette semaine|de la semaine|cette semaine|ce mois-?ci|du mois|a venir|qui arrivent|prochaines?)",
        "(?:mes|les|nos|quelles?) (?:prochaines? )?echeances",
        "echoient",
      ],
      "",
    ),
  ],
  [
    "best_month",
    wordsPattern(
      [
        "meilleurs? mois",
        "mois (?:le plus|record|ou j'ai le plus|ou j'ai (?:\\p{L}+ )?le plus)",
        "quel mois (?:ai-je|j'ai|jai|j ai|a ete|est) (?:le plus|le meilleur|\\p{L}+ le plus)",
        "record (?:mensuel|du mois|de ca|de chiffre)",
      ],
      "",
    ),
  ],
  [
    "dormant_clients",
    wordsPattern(
      [
        "clients? (?:\\p{L}+ )?(?:sans|avec aucune?|n'ayant (?:rien|pas|plus)|qui n'ont (?:rien|pas|plus)|que je n'ai (?:pas|plus|rien)|a qui je n'ai (?:pas|plus|rien)|pour qui je n'ai (?:pas|plus|rien))(?: \\p{L}+){0,3} depuis",
        "clients? (?:inactifs?|dormants?|endormis|perdus de vue|silencieux) depuis",
        "(?:rien|pas|plus|aucune facture) (?:\\p{L}+ )?(?:facture|eu|commande|travaille|bosse)\\p{L}* depuis (?:\\d+|un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|plus de)",
        "clients? (?:dormants?|a reactiver|a relancer commercialement|perdus de vue)",
      ],
      "",
    ),
  ],
  [
    "client_balance",
    wordsPattern(
      [
        "(?<!on )(?:me|nous) doit(?:-(?:il|elle))?(?! le plus)(?! plus)",
        "(?<!on )(?:me|nous) doit encore",
        "solde (?:du client|de la cliente|de|du|d')",
        "encours (?:du client|de|du|d')",
        "reste a (?:payer|regler) (?:pour|a|de|du)",
      ],
      "",
    ),
  ],
  [
    "best_clients",
    wordsPattern(
      [
        "meilleurs? clients?",
        "meilleures? clientes?",
        "top(?: \\d+)? (?:des |de mes )?clients?",
        "clients? (?:les )?plus (?:gros|importants|rentables|fideles)",
        "plus gros clients?",
        "principaux clients?",
        "gros clients?",
        "classement (?:de mes |des )?clients?",
        "(?:client|qui) (?:me |m'a |m'ont )?(?:rapporte|rapportent|paye|payent|paient) le plus",
        "(?:client|clients) qui (?:me )?rapporte(?:nt)?",
        "quel client (?:me )?(?:rapporte|genere)",
      ],
      "",
    ),
  ],
  [
    "quote_conversion",
    wordsPattern(
      [
        "taux (?:de |d')(?:conversion|transformation|signature|acceptation|reussite|succes)",
        "(?:pourcentage|proportion|part|%) (?:de |des |de mes )?devis",
        "conversion (?:de mes |des )?devis",
        "devis (?:convertis|transformes) en factures?",
      ],
      "",
    ),
  ],
  [
    "cash_forecast",
    wordsPattern(
      [
        "previsions?(?: de)?(?: (?:ma|la))? (?:tresorerie|treso|encaissements?)",
        "previsionnel\\p{L}*",
        "tresorerie previsionnelle",
        "prevision\\p{L}*",
        "forecast",
        "tresorerie",
        "treso",
        "(?:vais|va|devrais|allons|vais-je|devrais-je) (?:\\p{L}+ )?(?:encaisser|toucher|recevoir|rentrer)",
        "(?:va|vont|devrait|devraient) (?:me )?(?:rentrer|tomber|arriver)",
        "(?:encaissements?|rentrees?|paiements?|entrees?) (?:d'argent )?(?:a venir|prevue?s|attendue?s|futur\\p{L}*)",
      ],
      "",
    ),
  ],
  [
    "margin",
    wordsPattern(
      [
        "marges?",
        "benefices?",
        "benef",
        "rentabilite",
        "resultat(?: net)?",
        "gagne net",
        "net (?:de|apres) (?:mes |les )?(?:depenses|frais|charges)",
        "(?:reste|il me reste|me reste-t-il)(?: \\p{L}+)? (?:apres|une fois) (?:mes |les )?(?:depenses|frais|charges)",
        "encaisse\\p{L}* moins (?:mes |les )?depenses",
        "ce qu'il me reste",
      ],
      "",
    ),
  ],
  [
    "expenses_by_category",
    wordsPattern(
      [
        "(?:depenses|frais|achats?) (?:\\p{L}+ )?par (?:categories?|postes?|types?|nature)",
        "repartition (?:de mes |des |de mes frais|de)?\\s*(?:depenses|frais)?",
        "ventilation (?:de mes |des )?(?:depenses|frais)",
        "postes? de (?:depenses|frais)",
        "(?:quelles?|par) categories?",
        "ou (?:part|passe|va) (?:mon|l') ?argent",
        "(?:depense|depenses) le plus",
      ],
      "",
    ),
  ],
  [
    "expenses_total",
    wordsPattern(
      [
        "(?:combien|ce que|qu'est-ce que) (?:j'ai|ai-je|on a|nous avons|j ai|jai|tu as|j'ai bien) (?:\\p{L}+ )?(?:depense|claque|sorti|debourse|paye en frais)",
        "(?:total|montant|somme|cout|budget)(?: total)? (?:de mes |des |de |en |mes )?(?:depenses|frais|achats)",
        "combien (?:de |en )?(?:depenses|frais)",
        "combien (?:m'ont|m'a) coute",
        "(?:depenses|frais) (?:totales?|totaux|cumulee?s)",
        "combien (?:je )?(?:depense|claque)",
      ],
      "",
    ),
  ],
  [
    "active_projects",
    wordsPattern(
      [
        "projets? (?:en cours|actifs?|ouverts?|en production|qui tournent|non termines?|pas termines?)",
        "missions? (?:en cours|actives?)",
        "sur quoi (?:je|on) (?:travaille|bosse)",
      ],
      "",
    ),
  ],
  [
    "pending_quotes",
    wordsPattern(
      [
        "devis (?:\\p{L}+ )?(?:en attente|sans reponse|non signes?|pas (?:encore )?signes?|en cours|ouverts?|a relancer|non acceptes?|pas (?:encore )?acceptes?|non valides?)",
        "devis (?:envoyes?|emis)(?: et)? (?:pas|non|sans)",
        "devis qui attendent",
        "devis (?:\\p{L}+ )?(?:attend(?:ent)?|en attente d'?une?) (?:une |leur )?(?:reponse|signature|validation)",
      ],
      "",
    ),
  ],
  [
    "overdue",
    wordsPattern(
      [
        "en retard",
        "echue?s?",
        "depassee?s?",
        "hors delai",
        "retards? de paiement",
        "(?:pas|non) (?:\\p{L}+ )?(?:paye|payees?|regle|reglees?) a temps",
      ],
      "",
    ),
  ],
  [
    "unpaid",
    wordsPattern(
      [
        "impaye\\p{L}*",
        "(?:non|pas|pas encore|toujours pas) (?:ete )?(?:payee?s?|reglee?s?|encaissee?s?|soldee?s?)",
        "reste a (?:encaisser|percevoir|payer|recevoir)",
        "(?:on|mes clients|les clients|clients) (?:me |nous )?doi(?:t|vent)",
        "en attente de (?:paiement|reglement)",
        "a encaisser",
        "encours(?: clients?)?",
        "creances?",
        "argent (?:qu'on me doit|du)",
      ],
      "",
    ),
  ],
  [
    "revenue_invoiced",
    wordsPattern(
      [
        "(?:j'ai|ai-je|on a|avons-nous|nous avons|j ai|jai|a ete|ont ete|tu as) (?:\\p{L}+ )?factur(?:e|ee|es|ees)",
        "(?:total|montant|somme|ca|chiffre d'affaires?) factur(?:e|ee|es|ees)",
        "(?:montant|total|volume) (?:de |de ma |de la )?facturation",
        "facturation (?:du mois|de l'annee|totale|mensuelle|annuelle)",
        "combien (?:de |en )?facturation",
      ],
      "",
    ),
  ],
  [
    "revenue_collected",
    wordsPattern(
      [
        "chiffre d'affaires?",
        "chiffres d'affaires",
        "(?:mon|le|du|notre|ton|de|ce) ca",
        "encaisse\\p{L}*",
        "(?:combien|ce que|qu'est-ce que) (?:j'ai|ai-je|on a|nous avons|j ai|jai) (?:\\p{L}+ )?(?:gagne|touche|recu|rentre|empoche|fait)",
        "(?:combien|ce que) (?:je gagne|je touche|j'encaisse|ca m'a rapporte|ca rapporte)",
        // "combien m'a rapporté Nexa", "combien Nexa m'a rapporté cette année".
        "combien (?:\\p{L}[\\p{L}'-]* ){0,3}(?:m'a|m'ont|me|nous a|nous ont) rapporte(?:nt)?",
        "revenus?",
        "recettes?",
        "rentrees? d'argent",
        "gains?",
        "(?:argent|sous) (?:gagne|encaisse|recu|rentre)",
      ],
      "",
    ),
  ],
];

const UPPERCASE_CA = /(?<![\p{L}])CA(?![\p{L}])/u;

/** The figure asked for; the words of billed lines are left out ("1 jour de recette" is acceptance testing). */
export function findMetric(
  folded: string,
  raw: string,
  lines: readonly InterpretedLine[] = [],
): InterpretationMetric | undefined {
  let text = folded;
  for (const line of lines) if (line.description) text = text.replace(fold(line.description), " ");
  for (const [metric, pattern] of METRICS) if (pattern.test(text)) return metric;
  return UPPERCASE_CA.test(raw) ? "revenue_collected" : undefined;
}

/** The list a figure is read from, when no record word says it. */
export const METRIC_DATA: Record<InterpretationMetric, ViewDataType> = {
  revenue_collected: "invoices",
  revenue_invoiced: "invoices",
  unpaid: "invoices",
  overdue: "invoices",
  client_balance: "invoices",
  best_clients: "clients",
  margin: "invoices",
  expenses_total: "expenses",
  expenses_by_category: "expenses",
  active_projects: "projects",
  pending_quotes: "quotes",
  quote_conversion: "quotes",
  cash_forecast: "invoices",
  top_debtor: "invoices",
  due_soon: "invoices",
  best_month: "invoices",
  dormant_clients: "clients",
};

/** Status words per list, most specific first ("non signé" before "signé"), with the list's real values. */
// null: unpaid invoices span two statuses (en attente and en retard), so they filter by none; the metric says.
const STATUSES: Partial<Record<ViewDataType, [RegExp, InterpretedStatus | null][]>> = {
  invoices: [
    [wordsPattern(["brouillons?"], ""), "brouillon"],
    [wordsPattern(["annulee?s?", "avoirs?"], ""), "annulée"],
    [wordsPattern(["en retard", "echue?s?", "depassee?s?"], ""), "en-retard"],
    [wordsPattern(["impaye\\p{L}*", "(?:non|pas|pas encore) (?:payee?s?|reglee?s?)"], ""), null],
    [wordsPattern(["en attente", "envoyee?s?", "emise?s?", "a encaisser", "en cours"], ""), "en-attente"],
    [wordsPattern(["payee?s?", "reglee?s?", "encaissee?s?", "soldee?s?"], ""), "payée"],
  ],
  quotes: [
    [wordsPattern(["brouillons?"], ""), "brouillon"],
    [
      wordsPattern(
        [
          "en attente",
          "sans reponse",
          "(?:non|pas|pas encore) (?:signes?|acceptes?)",
          "en cours",
          "ouverts?",
          "a relancer",
        ],
        "",
      ),
      "envoyé",
    ],
    [wordsPattern(["acceptes?", "signes?", "valides?", "gagnes?"], ""), "accepté"],
    [wordsPattern(["refuses?", "rejetes?", "declines?", "perdus?"], ""), "refusé"],
    [wordsPattern(["expires?", "perimes?"], ""), "expiré"],
    [wordsPattern(["envoyes?", "emis"], ""), "envoyé"],
  ],
  projects: [
    [wordsPattern(["en pause", "suspendus?", "en attente", "gele?s?"], ""), "en-pause"],
    [wordsPattern(["termines?", "finis?", "clos", "clotures?", "acheves?", "livres?"], ""), "terminé"],
    // 'en-cours' and 'active' both count as active (ACTIVE_PROJECT_STATUSES); "en cours" is the one users say.
    [
      wordsPattern(["en cours", "actifs?", "ouverts?", "qui tournent", "non termines?", "pas termines?"], ""),
      "en-cours",
    ],
  ],
  tasks: [
    [wordsPattern(["terminees?", "faites?", "finies?", "achevees?"], ""), "terminee"],
    [wordsPattern(["en cours"], ""), "en-cours"],
    [
      wordsPattern(["a faire", "ouvertes?", "en attente", "restantes?", "pas faites?", "non faites?"], ""),
      "a-faire",
    ],
  ],
  clients: [
    [wordsPattern(["prospects?"], ""), "prospect"],
    [wordsPattern(["inactifs?", "inactives?", "anciens?", "anciennes?"], ""), "inactif"],
    [wordsPattern(["actifs?", "actives?"], ""), "actif"],
  ],
};

export function findStatus(dataType: ViewDataType, folded: string): InterpretedStatus | undefined {
  return STATUSES[dataType]?.find(([pattern]) => pattern.test(folded))?.[1] ?? undefined;
}
