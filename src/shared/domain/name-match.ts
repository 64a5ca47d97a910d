import { fold } from "../fold";

/**
 * Matching a name the user said ("les Jardins de Provence", "studio lumiere", "Mme Lefèvre") against the
 * names of their own clients and projects. Spoken and typed names drop or add what does not identify a
 * business: accents, case, articles, legal forms, civilities, punctuation; and they carry small typos.
 */

// Words that never tell two businesses apart. Legal forms are compared apart (below) only when both names
// carry one, so "SARL Martin" and "SAS Martin" stay two clients.
const ARTICLES = new Set(["le", "la", "les", "l", "de", "du", "des", "d", "et", "au", "aux", "chez"]);
const CIVILITIES = new Set([
  "m",
  "mr",
  "mme",
  "mlle",
  "monsieur",
  "madame",
  "mademoiselle",
  "dr",
  "me",
  "maitre",
]);
const LEGAL_FORMS = new Set([
  "sarl",
  "sas",
  "sasu",
  "eurl",
  "ei",
  "eirl",
  "sa",
  "sci",
  "scp",
  "selarl",
  "snc",
  "scop",
  "micro",
  "entreprise",
  "societe",
]);

type Folded = { tokens: string[]; legalForm?: string };

/** The identifying words of a name, in order. "SARL Les Jardins-de-Provence" → jardins, provence. */
export function nameTokens(name: string): Folded {
  const words = fold(name)
    .replace(/&/g, " et ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter(Boolean);
  let legalForm: string | undefined;
  const tokens: string[] = [];
  for (const word of words) {
    if (LEGAL_FORMS.has(word)) legalForm ??= word;
    else if (!ARTICLES.has(word) && !CIVILITIES.has(word)) tokens.push(word);
  }
  // A name made only of filler words ("Les Halles" is not, "La SARL" would be): keep its words.
  return { tokens: tokens.length > 0 ? tokens : words, legalForm };
}

/** Edits between two words (insertions, deletions, substitutions and swaps of neighbours). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** Two words are the same word with at most one slip per five letters ("lumiere"/"lumire"). */
function isSameWord(said: string, known: string): boolean {
  if (said === known) return true;
  const allowed = Math.floor(Math.min(said.length, known.length) / 5);
  return (
    allowed > 0 && Math.abs(said.length - known.length) <= allowed && editDistance(said, known) <= allowed
  );
}

/**
 * How well a said name designates a known one, from 0 to 1: 1 when every identifying word matches, lower
 * when the known name has words the user did not say ("Leroy" for "Cabinet Leroy & Associés"), 0 when a
 * said word is missing from the known name (then it is another business) or their legal forms differ.
 */
export function nameMatchScore(said: string, known: string): number {
  const a = nameTokens(said);
  const b = nameTokens(known);
  if (a.legalForm && b.legalForm && a.legalForm !== b.legalForm) return 0;
  const unused = [...b.tokens];
  for (const word of a.tokens) {
    const at = unused.findIndex((candidate) => isSameWord(word, candidate));
    if (at === -1) return 0;
    unused.splice(at, 1);
  }
  const exact = a.tokens.every((word) => b.tokens.includes(word));
  const coverage = a.tokens.length / b.tokens.length;
  return Math.round(coverage * (exact ? 1 : 0.9) * 1000) / 1000;
}

export type NameMatch<T> = { item: T; score: number };

/**
 * The known records a said name designates, best first. When one matches fully (score 1) only the full
 * matches are kept: "Martin" then means the client named exactly Martin, not "Martin & Fils" too.
 */
export function matchByName<T>(said: string, known: T[], nameOf: (item: T) => string): NameMatch<T>[] {
  const matches = known
    .map((item) => ({ item, score: nameMatchScore(said, nameOf(item)) }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score);
  const full = matches.filter((match) => match.score === 1);
  return full.length > 0 ? full : matches;
}
