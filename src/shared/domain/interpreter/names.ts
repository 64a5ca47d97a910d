import { FILLERS } from "./phrase";
import {
  isCapitalized,
  isFree,
  isWord,
  type Scan,
  type Span,
  type Token,
  take,
  tokenIndexAt,
  wordsPattern,
} from "./scan";

/**
 * Client names: "pour Dupont", "à la société Martin & Fils", "client ACME", "chez Durand SARL", "les factures
 * de Dupont", "facture dupont 500 euros". The bare name is kept: "la société Martin" gives "Martin".
 * Spec §5: a name is longer than 1 and shorter than 50 characters.
 */

// Said before a name and dropped from it ("la société Martin"), unless it is part of the name as typed:
// "Société Générale", "Studio Lumière", "pour agence pixel" (no article: the trade is the name's first word).
const DESCRIPTOR = wordsPattern([
  "client",
  "cliente",
  "societe",
  "ste",
  "entreprise",
  "boite",
  "agence",
  "cabinet",
  "association",
  "start-?up",
  "studio",
  "groupe",
]);
const ROLE_WORDS = new Set(["client", "cliente", "boite"]);
const DESCRIPTOR_WORDS = new Set(["client", "cliente", "societe", "ste", "entreprise", "boite"]);
// Trades that open a business's name: "Boulangerie Au Bon Pain", "l'hôtel du lac", "Domaine de la Croix".
const TRADES = new Set(
  [
    "agence cabinet studio groupe association atelier hotel boulangerie patisserie domaine restaurant",
    "garage librairie pharmacie institut clinique maison fondation ecole laboratoire compagnie editions",
    "galerie ferme cafe bistrot brasserie salon camping auberge menuiserie imprimerie mairie chateau",
    "cave epicerie fromagerie boucherie fleuriste theatre musee collectif cooperative centre club",
  ].flatMap((line) => line.split(" ")),
);
const ARTICLE_BEFORE = /(?:^|[^\p{L}])(?:le|la|l'|les|un|une|au|aux|du|des)\s*$/u;

/**
 * Slot markers: the words that say a client's name follows. They bound the name and are never part of it,
 * nor of the title ("à l'ordre de" is no subject). Written folded; "d'" stands for "de" before a vowel.
 */
const CLIENT_MARKERS = [
  "pour le compte de",
  "au nom de",
  "a l'ordre de",
  "a destination de",
  "a l'attention de",
  "de la part de",
  "aupres de",
  "client a creer",
  "nouveau client",
  "nouvelle cliente",
];
const PREPOSITION = markerPattern([...CLIENT_MARKERS, "pour", "pr", "chez", "a", "au"]);
const INTRODUCING = markerPattern([...CLIENT_MARKERS, "pour", "chez"]);
// "de Dupont" is a name only when typed with a capital: "de train", "de la refonte" are not.
const CAPITALIZED_OF = markerPattern(["de", "du", "d'", "avec", "par"]);
// A marker left just before a name found another way ("pour le compte de Studio 360", where "Studio" is the
// descriptor that found it) is taken with it.
const MARKER_BEFORE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${alternatives([...CLIENT_MARKERS, "pour", "chez"])})'?\\s*:?\\s*(?:(?:la|le|les)\\s+|l')?$`,
  "u",
);
// Where the other party of a record is said, whatever its case: the payer of "paiement reçu de dupont sarl",
// the other signatory of "contrat avec julie marchand", the client of "les factures de sophie lefèvre".
// Elsewhere "de" needs a capital ("de train").
const OF = markerPattern(["de", "du", "d'"]);
const PARTY = { payer: OF, signatory: markerPattern(["avec"]), listed: OF };
const CALLED = markerPattern([
  "nommee?",
  "appelee?",
  "qui s'appelle",
  "du nom de",
  "denommee?",
  "intitulee?",
]);

const CIVILITIES = new Set("m mr mme mlle monsieur madame mademoiselle me maitre dr docteur".split(" "));
export const LEGAL_FORMS = new Set("sarl sas sasu sa eurl ei eirl sci scop selarl snc gie scm".split(" "));
const CONNECTORS = new Set([
  // « La Cave à Fromages », « Moulin à Vent »: inside a capitalised name (a verb « a » is no name word).
  "a",
  "de",
  "du",
  "des",
  "et",
  "d",
  "la",
  "le",
  "les",
  "l",
  "en",
  "sur",
  "sous",
  "au",
  "aux",
]);
// Words that end a name besides the fillers: verbs and record words that follow one ("Dupont a payé").
const AFTER_NAME = new Set([
  ..."est sont ai as ont va doit paye payer payee regle regler".split(" "),
  ..."facture factures devis client projet depense euros euro eur echeance hier demain".split(" "),
  ..."siret siren tva ref reference portable mobile".split(" "),
  // Punctuation said aloud in a dictation, should it reach the names as a word.
  "virgule",
  // How a payer paid, said right after the name: "reçu de garage morel en liquide", "de Dupont via PayPal".
  ..."virement virements cheque cheques especes espece liquide cash cb carte paypal stripe lydia".split(" "),
  ..."prelevement sepa chq via".split(" "),
  ..."combien quel quelle quels quelles pourquoi comment quand montre affiche liste".split(" "),
]);
const MAX_LOWERCASE_WORDS = 3;
const NAME_TAILS = new Set("fils filles freres soeurs associes associees associe cie compagnie".split(" "));
// Words that open a sentence with a capital without being part of a name: "Bon, Dupont m'a payé".
const OPENERS = new Set("alors bon ok okay bonjour salut hello euh donc merci".split(" "));
const MAX_WORDS = 6;

/**
 * A client found in the text, with the words that introduced it taken too.
 *
 * `only: "introduced"` reads a name only after "client", "pour" or "chez": in a task's words ("envoyer le
 * devis à Martin") a name after "à" or "de" belongs to the task.
 */
export function takeClientName(
  scan: Scan,
  options: { adjacentTo?: Span; only?: "introduced"; isQuestion?: boolean; party?: keyof typeof PARTY } = {},
): string | undefined {
  const adjacent = options.adjacentTo && readName(scan, tokenIndexAt(scan, options.adjacentTo.end), false);
  if (options.only === "introduced") {
    const found = descriptorName(scan) ?? afterMarker(scan, INTRODUCING, false);
    if (!found) return undefined;
    return takeFound(scan, found);
  }
  const found =
    descriptorName(scan) ??
    // In a question typed with capitals, a name is one: "combien a encaissé …" has none.
    afterMarker(scan, PREPOSITION, Boolean(options.isQuestion && scan.hasCaseSignal)) ??
    afterMarker(scan, CAPITALIZED_OF, true) ??
    (options.party && partyName(scan, options.party)) ??
    (adjacent && { name: adjacent, taken: adjacent });
  if (!found) return undefined;
  return takeFound(scan, found);
}

/**
 * A listed record's client in lower case is two words at least ("les factures de orion conseil", "de
 * bati-ouest"): one word alone is as likely what they are about ("les factures de formation").
 */
function partyName(scan: Scan, party: keyof typeof PARTY): { name: Span; taken: Span } | undefined {
  const found = afterMarker(scan, PARTY[party], false, true);
  const name = found && scan.folded.slice(found.name.start, found.name.end);
  if (party === "listed" && name && !/[\s-]/.test(name) && !hasTypedCase(scan, found.name)) return undefined;
  return found;
}

function takeFound(scan: Scan, found: { name: Span; taken: Span }): string {
  take(scan, found.taken);
  takeMarkerBefore(scan, found.taken.start);
  return displayName(scan, found.name);
}

/** A new client's own name: "nommé Dupont", then the client rules above. */
export function takeOwnName(scan: Scan): string | undefined {
  const found = afterMarker(scan, CALLED, false);
  return found ? takeFound(scan, found) : takeClientName(scan);
}

/**
 * As typed when the user wrote it with capitals; "jean martin" (or "DUPONT SARL" in an all-capitals command)
 * becomes "Jean Martin", "Dupont SARL".
 */
export function displayName(scan: Scan, span: Span): string {
  const name = scan.raw.slice(span.start, span.end);
  if (hasTypedCase(scan, span)) return name;
  return name.replace(/[\p{L}\p{N}]+/gu, (word, offset: number) => {
    const lower = word.toLowerCase();
    if (LEGAL_FORMS.has(lower)) return word.toUpperCase();
    if (offset > 0 && CONNECTORS.has(lower)) return lower;
    return (lower[0] as string).toUpperCase() + lower.slice(1);
  });
}

/**
 * Whether the user's capitals say how the name is written. "Julie marchand a payé": a capital on the
 * sentence's first word only is the sentence's, not the name's.
 */
function hasTypedCase(scan: Scan, span: Span): boolean {
  const name = scan.raw.slice(span.start, span.end);
  if (!scan.hasCaseSignal || name === name.toLowerCase()) return false;
  return !(startsSentence(scan, span.start) && name.slice(1) === name.slice(1).toLowerCase());
}

/** Nothing but punctuation or an opener ("Salut, …", "Bon …") before a position. */
function startsSentence(scan: Scan, position: number): boolean {
  const before = scan.tokens.slice(0, tokenIndexAt(scan, position));
  const last = before.findLastIndex((token) => [".", "!", "?", ",", ":", ";"].includes(token.text));
  return before.slice(last + 1).every((token) => !isWord(token) || OPENERS.has(token.text));
}

export function isValidName(name: string): boolean {
  return name.length > 1 && name.length < 50;
}

/** "la société Martin" gives "Martin"; "Société Générale", "Studio Lumière", "pour agence pixel" keep the word. */
function descriptorName(scan: Scan): { name: Span; taken: Span } | undefined {
  const found = afterMarker(scan, DESCRIPTOR, false);
  if (!found) return undefined;
  const word = scan.folded.slice(found.taken.start, found.name.start).trim();
  const marker = tokenIndexAt(scan, found.taken.start);
  const isTyped = scan.hasCaseSignal && isCapitalized(scan, scan.tokens[marker] as Token);
  const isTradeWord = isTrade(word);
  const hasArticle = ARTICLE_BEFORE.test(scan.folded.slice(0, found.taken.start));
  const isPartOfName = !ROLE_WORDS.has(word) && (isTyped || (isTradeWord && !hasArticle));
  if (!isPartOfName || found.taken.start === found.name.start) return found;
  return { name: { start: found.taken.start, end: found.name.end }, taken: found.taken };
}

/** The name after a marker, and what to take: the marker too ("pour Dupont"), unless another extractor has. */
function afterMarker(
  scan: Scan,
  marker: RegExp,
  mustBeCapitalized: boolean,
  isSmallWord = mustBeCapitalized,
): { name: Span; taken: Span } | undefined {
  // Not freeMatches: "client" may already be taken as the record word of "Ajoute le client Jean Martin".
  marker.lastIndex = 0;
  for (let match = marker.exec(scan.folded); match; match = marker.exec(scan.folded)) {
    // "SARL Les Jardins de Provence": a "de" inside a capitalised name does not introduce another one.
    // "La Cave à Fromages": an « à » between two capitalised words joins them.
    if ((isSmallWord || match[0] === "a") && followsNameWord(scan, match.index)) continue;
    const name = readName(scan, tokenIndexAt(scan, match.index + match[0].length), mustBeCapitalized);
    if (!name) continue;
    const isMarkerFree = isFree(scan, { start: match.index, end: name.start });
    return { name, taken: { start: isMarkerFree ? match.index : name.start, end: name.end } };
  }
  return undefined;
}

/**
 * The name starting at a token. Typed with a capital, it runs over capitalised words ("Jean Martin",
 * "Martin & Fils", "Banque de France"); typed in lower case, over up to three words before a filler.
 */
function readName(scan: Scan, from: number, mustBeCapitalized: boolean): Span | undefined {
  const tokens = scan.tokens;
  const index = firstNameToken(scan, from);
  const first = tokens[index];
  if (!first || !(startsName(scan, first) || startsProperName(scan, index))) return undefined;
  const isCapitalMode = scan.hasCaseSignal && isCapitalized(scan, first);
  // "les factures de la menuiserie girard": in lower case, a trade and its name are one too.
  if (mustBeCapitalized && !isCapitalMode && !isTrade(first.text)) return undefined;

  let end = first.end;
  let words = 1;
  // "l'hôtel du lac" typed in lower case: a trade's name runs over its small words too.
  const joinsSmallWords = isCapitalMode || isTrade(first.text) || LEGAL_FORMS.has(first.text);
  for (let next = index + 1; next < tokens.length && words < MAX_WORDS; next += 1) {
    const token = tokens[next] as Token;
    if (!isFree(scan, token)) break;
    // "Martin & Fils", "Roux-Martin", "L'Échoppe": glue joins the words on both sides of it.
    const isGlue =
      token.text === "&" ||
      (token.text === "-" && token.start === end) ||
      (token.text === "'" && token.start === end && tokens[next + 1]?.start === token.end);
    // "Domaine de la Croix-Blanche", "Hôtel du Lac", "Boulangerie Au Bon Pain", "SARL Les Jardins": small
    // words join the name when a word of the name follows them.
    const joined = isGlue ? next + 1 : joinsSmallWords ? afterSmallWords(scan, next) : next;
    const following = tokens[joined];
    if (joined > next && following && isWord(following) && isFree(scan, following)) {
      // "Martin & fils" joins whatever follows; "Banque de France" only a capitalised word.
      const isNameWord = isCapitalMode
        ? isCapitalized(scan, following) || LEGAL_FORMS.has(following.text)
        : !isStopWord(following.text) && !/^\d/.test(following.text);
      if (!isGlue && !isNameWord) break;
      end = following.end;
      words += 1;
      next = joined;
      continue;
    }
    // "Restaurant Chez Marcel", "le bistrot chez paul": right after a trade, "chez" is its name's first word.
    const host = tokens[next + 1];
    if (token.text === "chez" && words === 1 && isTrade(first.text) && host && startsName(scan, host)) {
      end = host.end;
      words += 2;
      next += 1;
      continue;
    }
    // "dupont et fils", "Martin et Associés": the partners a business is named after.
    const partners = tokens[next + 1];
    if (token.text === "et" && partners && isFree(scan, partners) && NAME_TAILS.has(partners.text)) {
      end = partners.end;
      words += 1;
      next += 1;
      continue;
    }
    if (isNumberInName(scan, next)) {
      end = token.end;
      words += 1;
      continue;
    }
    if (!isWord(token) || /^\d/.test(token.text)) break;
    if (LEGAL_FORMS.has(token.text)) {
      end = token.end;
      continue;
    }
    if (isStopWord(token.text)) break;
    if (isCapitalMode ? !isCapitalized(scan, token) : words >= MAX_LOWERCASE_WORDS) break;
    end = token.end;
    words += 1;
  }
  // …but "mes dépenses de restaurant" names no one: the trade alone is what was bought.
  if (mustBeCapitalized && !isCapitalMode && words < 2) return undefined;
  const span = { start: first.start, end };
  return isValidName(scan.raw.slice(span.start, span.end)) ? span : undefined;
}

/** "Ateliers du Port", "Jardins": a trade said in the plural opens a name too. */
export function isTrade(word: string): boolean {
  return TRADES.has(word) || (word.endsWith("s") && TRADES.has(word.slice(0, -1)));
}

/**
 * "Atelier 42", "Studio 360": a number after a name's word is part of it. Amounts, quantities and dates are
 * taken before names are read, so a number still free here is no price; "Dupont 2 fois" (a word of its own
 * after it) is not a name either.
 */
function isNumberInName(scan: Scan, index: number): boolean {
  const token = scan.tokens[index] as Token;
  if (!/^\d{1,4}$/.test(token.text) || !isFree(scan, token)) return false;
  const after = scan.tokens[index + 1];
  if (!after || !isWord(after) || !isFree(scan, after) || isStopWord(after.text)) return true;
  return scan.hasCaseSignal && isCapitalized(scan, after);
}

/** Right after a capitalised word or a trade ("éditions du sablier"): a small word there is inside a name. */
function followsNameWord(scan: Scan, position: number): boolean {
  const before = scan.tokens[tokenIndexAt(scan, position) - 1];
  if (!before || !isWord(before) || !isFree(scan, before)) return false;
  return isCapitalized(scan, before) || isTrade(before.text);
}

/** The index after a run of small words ("de la", "du", "Au", "l'") at `from`, or `from` when there is none. */
function afterSmallWords(scan: Scan, from: number): number {
  let index = from;
  for (let count = 0; count < 3; count += 1) {
    const token = scan.tokens[index];
    if (!token || !isFree(scan, token) || !CONNECTORS.has(token.text)) break;
    index += scan.tokens[index + 1]?.text === "'" ? 2 : 1;
  }
  return index;
}

/** Skips what comes between a marker and the name: "client : Dupont", "pour M. et Mme Dupont". */
function firstNameToken(scan: Scan, from: number): number {
  const text = (index: number) => scan.tokens[index]?.text ?? "";
  let index = from;
  // "client : Dupont", "au nom d'Atelier 42" (the marker ends before the apostrophe).
  while ([":", "-", "'"].includes(text(index))) index += 1;
  const isArticle = ["la", "le", "l", "les"].includes(text(index));
  // "pour la SARL Bonnet": the article belongs to the legal form, which is part of the name.
  if (isArticle && LEGAL_FORMS.has(text(index + 1))) index += 1;
  // "pour la boulangerie Durand": the trade, like "la société", is dropped before the name.
  else if (isArticle && text(index + 1) === "'" && isTradeBeforeName(scan, index + 2)) index += 3;
  else if (isArticle && isTradeBeforeName(scan, index + 1)) index += 2;
  // "pour l'Hôtel du Lac", "pour la Boulangerie Au Bon Pain", "pour l'hotel du lac": a lower-case article
  // is not part of the name.
  else if (isArticle) {
    const word = index + (text(index + 1) === "'" ? 2 : 1);
    const token = scan.tokens[word];
    const isCapitalizedName = token && scan.hasCaseSignal && isCapitalized(scan, token);
    // "pour Les Ateliers du Port": a capitalised article stays (startsProperName reads it with the name).
    const isNameArticle = startsProperName(scan, index);
    if (token && isWord(token) && !isNameArticle && (isTrade(token.text) || isCapitalizedName)) index = word;
  }
  while (CIVILITIES.has(text(index))) {
    index += 1;
    if (text(index) === ".") index += 1;
    if (text(index) === "et" && CIVILITIES.has(text(index + 1))) index += 1;
  }
  return index;
}

function startsName(scan: Scan, token: Token): boolean {
  return isWord(token) && !/^\d/.test(token.text) && isFree(scan, token) && !isStopWord(token.text);
}

function isTradeBeforeName(scan: Scan, index: number): boolean {
  const [trade, name] = [scan.tokens[index], scan.tokens[index + 1]];
  if (!trade || !name || !scan.hasCaseSignal || !isWord(trade) || isCapitalized(scan, trade)) return false;
  return !isStopWord(trade.text) && isCapitalized(scan, name) && startsName(scan, name);
}

/** "Les Amis du Vélo", "L'Échoppe": a capitalised article opens a name when a capitalised word follows it. */
function startsProperName(scan: Scan, index: number): boolean {
  const article = scan.tokens[index];
  const isElided = article?.text === "l" && scan.tokens[index + 1]?.text === "'";
  const next = scan.tokens[index + (isElided ? 2 : 1)];
  if (!article || !next || !scan.hasCaseSignal) return false;
  if (!isElided && !["le", "la", "les"].includes(article.text)) return false;
  return isCapitalized(scan, article) && isCapitalized(scan, next) && startsName(scan, next);
}

function isStopWord(word: string): boolean {
  return FILLERS.has(word) || AFTER_NAME.has(word);
}

/** The name right after a position: "combien me doit Dupont", "me doit encore la SARL Bonnet". */
export function takeNameAfter(scan: Scan, position: number): string | undefined {
  const span = readName(scan, firstNameToken(scan, tokenIndexAt(scan, position)), false);
  if (!span) return undefined;
  take(scan, span);
  return displayName(scan, span);
}

/** The name just before a position: "Dupont m'a réglé", "Jean Martin a payé", "combien la société Kéa me doit". */
export function takeNameBefore(scan: Scan, position: number): string | undefined {
  const end = tokenIndexAt(scan, position) - 1;
  const lastWord = scan.tokens[end];
  // "Julie marchand a payé", "Bati-ouest a payé": capitalised as a sentence is, the name says no case.
  const hasCase = Boolean(
    lastWord && hasTypedCase(scan, { start: sentenceStart(scan, end), end: lastWord.end }),
  );
  let start = end + 1;
  let words = 0;
  for (let index = end; index >= 0 && end - index < MAX_WORDS; index -= 1) {
    const token = scan.tokens[index] as Token;
    const isGlue = token.text === "&" || token.text === "-";
    const previous = scan.tokens[index - 1];
    // "Atelier 42 m'a réglé": a number is part of a name after one of its words.
    const isNumberOfName =
      /^\d{1,4}$/.test(token.text) &&
      isFree(scan, token) &&
      previous !== undefined &&
      isWord(previous) &&
      !/^\d/.test(previous.text);
    const isNameWord =
      isNumberOfName ||
      (isWord(token) &&
        isFree(scan, token) &&
        !/^\d/.test(token.text) &&
        !isStopWord(token.text) &&
        (hasCase ? isCapitalized(scan, token) : words < MAX_LOWERCASE_WORDS));
    // "la boulangerie Au Bon Pain me doit": small words inside a capitalised name.
    const isInnerSmallWord =
      hasCase &&
      index < end &&
      isWord(token) &&
      ((isCapitalized(scan, token) && FILLERS.has(token.text) && !(index === 0 && OPENERS.has(token.text))) ||
        (CONNECTORS.has(token.text) &&
          previous !== undefined &&
          isWord(previous) &&
          isCapitalized(scan, previous)));
    // "éditions du sablier m'a réglé": in lower case, a trade's name runs over its small words too.
    const isTradeSmallWord =
      !hasCase &&
      index < end &&
      CONNECTORS.has(token.text) &&
      token.text !== "a" &&
      previous !== undefined &&
      isTrade(previous.text);
    if (!isNameWord && !(isGlue && index < end) && !isInnerSmallWord && !isTradeSmallWord) break;
    if (isNameWord && (CIVILITIES.has(token.text) || DESCRIPTOR_WORDS.has(token.text))) break;
    if (isWord(token)) words += 1;
    start = index;
  }
  start = withArticle(scan, start);
  const first = scan.tokens[start];
  const last = scan.tokens[end];
  if (!first || !last || start > end || !isWord(first) || /^\d/.test(first.text)) return undefined;
  const span = { start: first.start, end: last.end };
  if (!isValidName(scan.raw.slice(span.start, span.end))) return undefined;
  take(scan, span);
  return displayName(scan, span);
}

function sentenceStart(scan: Scan, index: number): number {
  let start = index;
  while (start > 0 && ![".", "!", "?", ",", ":", ";"].includes(scan.tokens[start - 1]?.text ?? ""))
    start -= 1;
  return scan.tokens[start]?.start ?? 0;
}

/**
 * The article before a name's first word, as a name keeps it: "L'Échoppe", "L'Atelier Bleu", "Les Ateliers
 * du Port", "La Fabrique" are names; "Le Garage Morel" (a sentence's capital) and "l'atelier 42" are a trade
 * and its owner's name, said with an article.
 */
function withArticle(scan: Scan, start: number): number {
  const text = (index: number) => scan.tokens[index]?.text ?? "";
  if (text(start - 1) === "'" && text(start - 2) === "l")
    return startsProperName(scan, start - 2) ? start - 2 : start;
  const isSingular = ["le", "la"].includes(text(start));
  return isSingular && isTrade(text(start + 1)) && !text(start + 1).endsWith("s") ? start + 1 : start;
}

/**
 * A new client's name read from what is left of the command: the article that is part of it ("Ajoute
 * Les Ateliers du Port"), not the civility said before a person's name ("Madame Sophie Lefèvre").
 */
export function ownNameSpan(scan: Scan, span: Span): Span {
  const text = (at: number) => scan.tokens[at]?.text ?? "";
  // The span is taken already: its words are read as typed, not as free.
  const isNameWord = (at: number) => {
    const token = scan.tokens[at];
    return Boolean(token && isWord(token) && !/^\d/.test(token.text) && !isStopWord(token.text));
  };
  const isCapital = (at: number) => Boolean(scan.tokens[at] && isCapitalized(scan, scan.tokens[at] as Token));
  let index = tokenIndexAt(scan, span.start);
  const article = text(index - 1) === "'" ? index - 2 : index - 1;
  const isArticle =
    text(index - 1) === "'" ? text(article) === "l" : ["le", "la", "les"].includes(text(article));
  if (scan.hasCaseSignal && isArticle && isCapital(article) && isCapital(index) && isNameWord(index))
    index = article;
  while (CIVILITIES.has(text(index))) {
    const name = text(index + 1) === "." ? index + 2 : index + 1;
    if (!isNameWord(name) || (scan.tokens[name] as Token).start >= span.end) break;
    index = name;
  }
  return { start: (scan.tokens[index] as Token).start, end: span.end };
}

/** "Site vitrine", "Application mobile": a project's name goes on over lower-case words. */
function withLowercaseWords(scan: Scan, span: Span | undefined): Span | undefined {
  if (!span) return undefined;
  let end = span.end;
  let words = scan.raw.slice(span.start, span.end).split(/\s+/).length;
  for (let index = tokenIndexAt(scan, span.end); words < 4; index += 1) {
    const token = scan.tokens[index];
    if (!token || !isWord(token) || !isFree(scan, token) || /^\d/.test(token.text)) break;
    // "Boutique en ligne": a small word joins the next word of the name.
    const next = scan.tokens[index + 1];
    if (CONNECTORS.has(token.text) && next && isWord(next) && isFree(scan, next) && !FILLERS.has(next.text)) {
      end = next.end;
      words += 2;
      index += 1;
      continue;
    }
    if (FILLERS.has(token.text)) break;
    end = token.end;
    words += 1;
  }
  return { start: span.start, end };
}

const PROJECT = wordsPattern(["projets?", "progets?", "porjets?", "prjets?", "projtes?"]);

/** The project a task or a contract belongs to: "pour le projet Refonte", "projet « Site vitrine »". */
export function takeProjectName(scan: Scan): string | undefined {
  PROJECT.lastIndex = 0;
  for (let match = PROJECT.exec(scan.folded); match; match = PROJECT.exec(scan.folded)) {
    const from = match.index + match[0].length;
    const quoted = /^\s*:?\s*["«]\s*([^"»]{1,60}?)\s*["»]/.exec(scan.folded.slice(from));
    let span: Span | undefined;
    if (quoted) {
      const start = from + quoted[0].indexOf(quoted[1] as string);
      span = { start, end: start + (quoted[1] as string).length };
    } else
      span = withLowercaseWords(scan, readName(scan, firstNameToken(scan, tokenIndexAt(scan, from)), false));
    if (!span) continue;
    // "pour le projet", "du projet": the words that introduce it go too.
    const lead = /(?:(?:pour|du|sur|dans|au|lie au|lie a|rattache au)\s+)?(?:le |la |l')?\s*$/.exec(
      scan.folded.slice(0, match.index),
    );
    take(scan, {
      start: match.index - (lead?.[0].length ?? 0),
      end: quoted ? from + quoted[0].length : span.end,
    });
    return scan.raw.slice(span.start, span.end);
  }
  return undefined;
}

/**
 * Longest first, so "pour le compte de" is read before "pour". A final "de" also matches "du", "des" and
 * "d'" before a vowel: "au nom du cabinet Leroy", "pour le compte des Jardins de Provence".
 */
function alternatives(markers: readonly string[]): string {
  return [...markers]
    .sort((a, b) => b.length - a.length)
    .map((marker) => marker.replace(/ de$/, " d(?:e|u|es|(?='))").replace(/'$/, "(?=')"))
    .join("|");
}

/** A marker bounded by non-letters; one ending in an elided "d'" ends before its apostrophe. */
function markerPattern(markers: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives(markers)})(?:(?=')|(?![\\p{L}\\p{N}]))`, "gu");
}

/** Takes the marker that introduces a name starting at `start`, when nothing else took it. */
function takeMarkerBefore(scan: Scan, start: number): void {
  const marker = MARKER_BEFORE.exec(scan.folded.slice(0, start));
  if (marker && isFree(scan, { start: marker.index, end: start }))
    take(scan, { start: marker.index, end: start });
}
