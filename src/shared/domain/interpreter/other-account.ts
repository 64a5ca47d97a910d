import { freeMatches, type Scan, take, wordsPattern } from "./scan";

/**
 * Someone else's account the user asks about: "les factures du compte de Paul", "les clients de mon
 * collègue", "connecte-toi au compte de Sophie". The assistant only ever reads the user's own data; saying
 * who was asked about lets it answer so.
 */
const RELATIVES =
  "collegues?|associee?s?|conjointe?|femme|mari|epouse|epoux|comptable|patron(?:ne)?|chef(?:fe)?|partenaire|binome|assistante?|frere|soeur|pere|mere|amie?|copain|copine|stagiaire|employee?|salariee?|voisine?|concurrent|concurrente";
const PARTNERS = "collegue|associee?|conjointe?|binome|partenaire|femme|mari|epoux|epouse";
const OTHER_ACCOUNT = wordsPattern([
  `(?:du|le|au|sur le|dans le|avec le|via le|depuis le|sur|au|le) compte (?:de |d')(?:mon |ma |l'|la |le )?(?:utilisateur |utilisatrice |${RELATIVES} )?(?<name>\\p{L}[\\p{L}'-]*)`,
  // "les clients de mon collègue"; "combien a encaissé mon associé", where the partner is the subject.
  `(?:(?:de |d'|a |au |pour )|(?=(?:mon|ma|notre) (?:${PARTNERS})(?![\\p{L}])))(?<relative>(?:mon|ma|mes|notre|nos) (?:${RELATIVES}))(?: (?<named>\\p{L}[\\p{L}'-]*))?`,
  "(?:d'un|un|de l'|l') autre (?:compte|utilisateur|utilisatrice|freelance|membre)",
]);
const NOT_A_NAME = new Set(["mon", "ma", "mes", "un", "une", "autre"]);

// "Facture pour le compte de Studio 360": a business idiom, the client the work is done for, not an
// account. It is another user's account only when said as one: "pour le compte de mon associé", "pour le
// compte d'un autre utilisateur".
const ON_BEHALF = /(?:^|[^\p{L}])pour\s+$/u;
const ACCOUNT_HOLDER = new RegExp(
  `^(?:mon|ma|mes|notre|nos|un autre|une autre|l'autre|(?:l')?utilisat(?:eur|rice)|${RELATIVES})(?![\\p{L}])`,
  "u",
);

function isOnBehalfOfClient(scan: Scan, match: RegExpExecArray): boolean {
  if (!ON_BEHALF.test(scan.folded.slice(0, match.index))) return false;
  // Read past the match: "d'un autre utilisateur" goes on after the name the pattern stopped at ("un").
  const holder = /compte d(?:e |')\s*(.*)$/.exec(scan.folded.slice(match.index))?.[1] ?? "";
  return !ACCOUNT_HOLDER.test(holder);
}

export function takeOtherAccount(scan: Scan): string | undefined {
  for (const match of freeMatches(scan, OTHER_ACCOUNT)) {
    if (isOnBehalfOfClient(scan, match)) continue;
    const groups = match.groups ?? {};
    const end = match.index + match[0].length;
    const at = (text: string) => {
      const start = match.index + match[0].lastIndexOf(text);
      return scan.raw.slice(start, start + text.length);
    };
    // "de mon collègue Paul": the name, when typed as one; another word after it ("ce mois-ci") is not.
    const named = groups.named && at(groups.named);
    const isNamed = Boolean(named && named[0] !== named[0]?.toLowerCase());
    const taken = groups.named && !isNamed ? end - groups.named.length - 1 : end;
    take(scan, { start: match.index, end: taken });
    if (groups.name && !NOT_A_NAME.has(groups.name)) return at(groups.name);
    if (named && isNamed) return named;
    if (groups.relative) return at(groups.relative);
    return "un autre compte";
  }
  return undefined;
}
