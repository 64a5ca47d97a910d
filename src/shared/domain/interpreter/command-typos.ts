import { dictionary } from "@zxcvbn-ts/language-fr";
import { fold } from "../../fold";
import type { Edit } from "./normalized-text";
import { nameGuard, textTokens } from "./text-tokens";

/**
 * Command words typed fast, written right: « fcature » → facture, « dveis » → devis, « dépnse » → dépense,
 * « clinet » → client, and SMS style: « stp », « pr » → pour, « jai » → j'ai.
 *
 * A word is corrected when it is no French word, first name or last name (zxcvbn's French lists) and lies
 * within the edit distance its length allows (optimal string alignment: a swap of two letters is one edit)
 * of exactly one command word. A capitalised word inside a sentence is a name and is never touched.
 */

// The words intent detection reads, accented as they are written.
const COMMAND_WORDS = [
  "facture",
  "factures",
  "facturer",
  "devis",
  "dépense",
  "dépenses",
  "frais",
  "client",
  "clients",
  "cliente",
  "projet",
  "projets",
  "tâche",
  "tâches",
  "contrat",
  "contrats",
  "paiement",
  "paiements",
  "règlement",
  "relance",
  "relances",
  "relancer",
  "rappelle",
  "payée",
  "payé",
  "payer",
  "réglé",
  "réglée",
  "régler",
  "crée",
  "créer",
  "ajoute",
  "ajouter",
  "montre",
  "affiche",
  "liste",
  "combien",
  "encaissé",
  "encaissements",
  "impayées",
  "impayés",
  "chiffre",
  "affaires",
  "échéance",
  "prépare",
  "enregistre",
  "rembourse",
  "remboursement",
  "virement",
  "honoraires",
  "prestation",
  "réunion",
  "demain",
  "semaine",
  "prochaine",
  "dernier",
  "dernière",
];

// SMS and chat spellings, folded, with what they stand for.
const SMS: Record<string, string> = {
  stp: "s'il te plaît",
  svp: "s'il vous plaît",
  pr: "pour",
  pk: "pourquoi",
  pcq: "parce que",
  jai: "j'ai",
  ya: "il y a",
  ds: "dans",
  qd: "quand",
  tt: "tout",
  bcp: "beaucoup",
  dc: "donc",
  cmb: "combien",
  auj: "aujourd'hui",
  ajd: "aujourd'hui",
  dem1: "demain",
  kel: "quel",
  koi: "quoi",
  mtn: "maintenant",
  fct: "facture",
  fait: "fais",
};

// « fait moi une facture »: « fait » stands for « fais » only before « moi ».
const ONLY_BEFORE: Record<string, RegExp> = { fait: /^\s*-?\s*moi(?![\p{L}])/u };

const COMMON_WORDS = new Set(dictionary["commonWords-fr"].map(fold));
const NAME_WORDS = new Set([...dictionary["firstnames-fr"], ...dictionary["lastnames-fr"]].map(fold));
const KNOWN_WORDS = new Set([...COMMON_WORDS, ...NAME_WORDS]);
// Before a noun, never before a name: « un contat », « nouveau clint », « la facturre ». Before one thing,
// never before a plural: « un devs » is no plural of « dev ».
const SINGULAR_BEFORE = new Set("un une le la l ce cette mon ma nouveau nouvelle nouvel".split(" "));
const NOUN_BEFORE = new Set([...SINGULAR_BEFORE, "les", "mes", "ces"]);
/** What the words around a typed word say it is. */
export type TypedWordContext = { isNoun?: boolean; isSingular?: boolean };
const COMMAND_BY_FOLD = new Map(COMMAND_WORDS.map((word) => [fold(word), word]));

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  const cells = new Int32Array((a.length + 1) * width);
  const at = (i: number, j: number) => cells[i * width + j] as number;
  for (let i = 0; i <= a.length; i += 1) cells[i * width] = i;
  for (let j = 0; j <= b.length; j += 1) cells[j] = j;
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      cells[i * width + j] = best;
    }
  return at(a.length, b.length);
}

/**
 * Short words are too close to others to guess: none under 4 letters, one edit to 7, two from 8. A word of
 * four letters is only read as a command word missing one letter (« devs », « deis » for devis): a letter
 * typed too few is the slip of a fast thumb, a wrong one in so short a word could be any other word.
 */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** « facturre », « fraais »: a key held down once too long, its doubled letter written once. */
function withoutDoubledLetter(word: string): string | undefined {
  for (let index = 1; index < word.length; index += 1)
    if (word[index] === word[index - 1]) {
      const single = COMMAND_BY_FOLD.get(word.slice(0, index) + word.slice(index + 1));
      if (single) return single;
    }
  return undefined;
}

/**
 * The command word meant by a word, if it is one nearly and only one. After an article or an adjective
 * (« un contat », « nouveau clint ») the word is a noun, not someone's first or last name, so zxcvbn's name
 * lists do not keep it as typed; after a singular one, a final « s » is no plural.
 */
export function correctCommandWord(typed: string, context: TypedWordContext = {}): string | undefined {
  const word = fold(typed);
  const exact = COMMAND_BY_FOLD.get(word);
  if (exact) return exact;
  const allowed = allowedEdits(word.length);
  const { isNoun = false, isSingular = false } = context;
  if (allowed === 0 || COMMON_WORDS.has(word) || (!isNoun && NAME_WORDS.has(word))) return undefined;
  const single = withoutDoubledLetter(word);
  if (single) return single;
  // A plural is a word, not a typo of its singular (« échéances » is not « échéance » misspelt).
  const singular = word.replace(/(?<=\p{L}{3})[sx]$/u, "");
  const isPlural = singular !== word && !isSingular;
  if (isPlural && (KNOWN_WORDS.has(singular) || COMMAND_BY_FOLD.has(singular))) return undefined;
  let best: { word: string; distance: number; sameLength: boolean; isTie: boolean } | undefined;
  for (const [folded, written] of COMMAND_BY_FOLD) {
    if (Math.abs(folded.length - word.length) > allowed) continue;
    if (word.length === 4 && folded.length !== 5) continue;
    const distance = editDistance(word, folded);
    if (distance > allowed) continue;
    // « factuer » is one swap from « facture » and one letter from « facturer »: a swap keeps the length.
    const sameLength = folded.length === word.length;
    if (!best || distance < best.distance || (distance === best.distance && sameLength && !best.sameLength))
      best = { word: written, distance, sameLength, isTie: false };
    else if (distance === best.distance && sameLength === best.sameLength && written !== best.word)
      best.isTie = true;
  }
  return best && !best.isTie ? best.word : undefined;
}

export function commandTypoEdits(text: string): Edit[] {
  const tokens = textTokens(text);
  const isName = nameGuard(text, tokens);
  const edits: Edit[] = [];
  tokens.forEach((token, index) => {
    if (!token.isWord || isName(index) || /\d/.test(token.text)) return;
    const before = tokens[index - (tokens[index - 1]?.text === "'" ? 2 : 1)]?.folded ?? "";
    const context = {
      isNoun: NOUN_BEFORE.has(before),
      isSingular: SINGULAR_BEFORE.has(before),
    };
    const written = SMS[token.folded] ?? correctCommandWord(token.folded, context);
    // A word missing only its accents is left as typed: the extractors fold accents away, and a title
    // keeps the user's spelling (« preparer la reunion »).
    if (!written || fold(written) === token.folded) return;
    const condition = ONLY_BEFORE[token.folded];
    if (condition && !condition.test(text.slice(token.end))) return;
    edits.push({ start: token.start, end: token.end, text: withCaseOf(token.text, written) });
  });
  return edits;
}

/** « Fcature » at the start of a sentence stays capitalised: « Facture »; « DVEIS » is « DEVIS ». */
function withCaseOf(typed: string, written: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return written.toUpperCase();
  const first = typed[0] as string;
  return first !== first.toLowerCase() ? (written[0] as string).toUpperCase() + written.slice(1) : written;
}
