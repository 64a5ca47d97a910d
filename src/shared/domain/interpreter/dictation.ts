import { fold } from "../../fold";
import { isNumberWord } from "./french-numbers";
import type { Edit } from "./normalized-text";

/**
 * The words of dictation written as what they stand for: dictating « facture pour Durand virgule trois
 * jours », the user meant a comma, not a client called « Durand virgule ». « virgule » between two numbers is
 * a decimal comma and is left to the numbers; « point » is a full stop only where a sentence ends (not in
 * « faire le point »); « euh » is dropped. Spoken e-mail addresses (« arobase », « point com ») are joined.
 */

type Glue = { left?: boolean; right?: boolean };
type DictationWord = {
  pattern: string;
  text: string;
  glue: Glue;
  /** Given the folded text before the words and the text after them as typed; false to leave them. */
  applies?: (before: string, after: string) => boolean;
};

const NUMBER_END = /(?:\d|(?<![\p{L}])(\p{L}+))\s*$/u;
const NUMBER_START = /^\s*(?:\d|(\p{L}+)(?![\p{L}]))/u;
const endsWithNumber = (before: string) => {
  const match = NUMBER_END.exec(before);
  return match !== null && (match[1] === undefined || isNumberWord(match[1]));
};
const startsWithNumber = (after: string) => {
  const match = NUMBER_START.exec(after);
  return match !== null && (match[1] === undefined || isNumberWord(fold(match[1])));
};

// « le point », « un point », « faire le point »: the noun.
const POINT_NOUN =
  /(?:^|[^\p{L}])(?:le|un|du|au|ce|mon|ton|son|notre|votre|leur|quel|bon|premier|dernier)\s*$/u;
const SENTENCE_ENDS = /^\s*(?:$|\p{Lu}|[aà] la ligne)/u;
const TOP_LEVEL_DOMAIN = /^\s*(?:com|fr|net|org|eu|io|be|ch|info|biz|co)(?![\p{L}])/iu;
const AFTER_AT = /(?:@|(?<![\p{L}])arobas)\p{L}*\s*[\p{L}\p{N}-]+\s*$/u;

const DICTATION_WORDS: DictationWord[] = [
  { pattern: "point[- ]virgule", text: ";", glue: { left: true } },
  { pattern: "deux[- ]points", text: ":", glue: { left: true } },
  { pattern: "points? d'interrogation", text: "?", glue: { left: true } },
  { pattern: "points? d'exclamation", text: "!", glue: { left: true } },
  { pattern: "point final", text: ".", glue: { left: true } },
  {
    pattern: "(?:retour|passe|passer|aller) a la ligne|a la ligne|nouvelle ligne|nouveau paragraphe",
    text: "\n",
    glue: { left: true, right: true },
  },
  { pattern: "(?:ouvre[rz]?|ouvrir) (?:les |des )?guillemets", text: '"', glue: { right: true } },
  { pattern: "(?:ferme[rz]?|fermer) (?:les |des )?guillemets", text: '"', glue: { left: true } },
  { pattern: "(?:ouvre[rz]?|ouvrir) (?:la )?parenthese", text: "(", glue: { right: true } },
  { pattern: "(?:ferme[rz]?|fermer) (?:la )?parenthese", text: ")", glue: { left: true } },
  { pattern: "tiret|trait d'union", text: "-", glue: { left: true, right: true } },
  {
    pattern: "arobase|arobas",
    text: "@",
    glue: { left: true, right: true },
    applies: (_, after) => /^\s*[\p{L}\p{N}-]+\s+point\s/iu.test(after),
  },
  {
    pattern: "point",
    text: ".",
    glue: { left: true, right: true },
    applies: (before, after) => AFTER_AT.test(before) && TOP_LEVEL_DOMAIN.test(after),
  },
  {
    pattern: "point",
    text: ".",
    glue: { left: true },
    applies: (before, after) => !POINT_NOUN.test(before) && SENTENCE_ENDS.test(after),
  },
  {
    pattern: "virgule",
    text: ",",
    glue: { left: true },
    applies: (before, after) => before.trim() !== "" && !(endsWithNumber(before) && startsWithNumber(after)),
  },
  { pattern: "euh+|heu+|hum+|hmm+|mmh+", text: "", glue: { right: true } },
];

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${DICTATION_WORDS.map((word, index) => `(?<w${index}>${word.pattern})`).join("|")})(?![\\p{L}\\p{N}])`,
  "gu",
);

/** `folded` is the folded `text` (same positions); `text` is read for capitals ("point Ensuite"). */
export function dictationEdits(text: string, folded: string): Edit[] {
  const edits: Edit[] = [];
  for (const match of folded.matchAll(PATTERN)) {
    const end = match.index + match[0].length;
    const before = folded.slice(0, match.index);
    const after = text.slice(end);
    // Several readings of the same words ("point"): the first whose context fits.
    const pattern = DICTATION_WORDS.find((_, index) => match.groups?.[`w${index}`] !== undefined)?.pattern;
    const word = DICTATION_WORDS.find(
      (candidate) => candidate.pattern === pattern && (candidate.applies?.(before, after) ?? true),
    );
    if (!word) continue;
    const previous = edits.at(-1);
    if (previous && previous.end > match.index) continue;
    // « tâche euh virgule appeler »: the hesitation dropped before has taken the space already.
    const glued = word.glue.left ? match.index - (before.length - before.trimEnd().length) : match.index;
    const start = Math.max(glued, previous?.end ?? 0);
    const last = word.glue.right ? end + (after.length - after.trimStart().length) : end;
    edits.push({ start, end: last, text: word.text });
  }
  return edits;
}
