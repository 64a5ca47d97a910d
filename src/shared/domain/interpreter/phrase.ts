import { isFree, isWord, type Scan, type Span, type Token, take } from "./scan";

/**
 * What is left once the verb, the record word, the client, the amount, the dates and the contact details are
 * taken is what the command is about: the title of an invoice ("pour la refonte du site"), the description of
 * an expense ("de train"), a project's or a new client's name. Small words around it are dropped.
 */

// Words that carry no subject of their own: articles, prepositions, pronouns, politeness, auxiliaries, and
// the labels people put before a value ("montant", "tél").
export const FILLERS = new Set(
  [
    "le la les l un une des du de d a au aux en et ou pour pr par sur sous dans avec sans chez vers comme",
    "ce cet cette ces ca mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs",
    "je j tu il elle on nous vous ils elles me m moi te t toi se s lui y qu que qui",
    "stp svp merci please plait bonjour salut hello coucou bon ok okay alors euh hop vite rapidement",
    "peux peut pourrais pourrait pourriez pouvez veux voudrais voudrait aimerais souhaite faut faudrait",
    "dois doit est ai as avons avez ont sont fait faire",
    "montant total budget prix somme tarif ht ttc net brut",
    "email mail e courriel tel telephone numero adresse coordonnees",
    "nomme nommee appele appelee intitule intitulee objet concernant",
    // What is left of a date's marker once the date is taken: "à partir du 3 avril", "à compter du 1er".
    "partir compter",
  ].flatMap((line) => line.split(" ")),
);

const BREAKS = new Set([",", ";", ":", "!", "?", "(", ")", '"', "[", "]", "/", "|"]);
const MAX_LENGTH = 120;

// A task's title is what to do, its verb included ("faire la compta", "mettre à jour le site"): only the
// small words that join it to the command are trimmed.
const TASK_FILLERS = new Set(
  "le la les l un une des du de d a au aux en et ou pour par sur dans ma mon mes stp svp merci que qu".split(
    " ",
  ),
);

/** The longest such phrase: the others are usually leftovers ("bon", "vite fait"). */
export function takeResidualPhrase(scan: Scan, options: { isTask?: boolean } = {}): Span | undefined {
  let best: Span | undefined;
  const fillers = options.isTask ? TASK_FILLERS : FILLERS;
  for (const segment of segments(scan)) {
    const words = trimFillers(segment, fillers);
    if (!words.some((token) => isWord(token) && !fillers.has(token.text) && token.text.length > 1)) continue;
    const span = { start: (words[0] as Token).start, end: (words[words.length - 1] as Token).end };
    const length = span.end - span.start;
    if (length <= MAX_LENGTH && (!best || length > best.end - best.start)) best = span;
  }
  if (best) take(scan, best);
  return best;
}

/** Runs of free tokens, broken by anything taken and by punctuation ("." only at a sentence end). */
function segments(scan: Scan): Token[][] {
  const runs: Token[][] = [];
  let current: Token[] = [];
  scan.tokens.forEach((token, index) => {
    const previous = scan.tokens[index - 1];
    const isSentenceEnd = token.text === "." && !/\S/.test(scan.folded[token.end] ?? " ");
    const isBroken = previous !== undefined && !isFree(scan, { start: previous.end, end: token.start });
    if (isBroken || !isFree(scan, token) || BREAKS.has(token.text) || isSentenceEnd) {
      if (current.length) runs.push(current);
      current = [];
      if (isFree(scan, token) && !BREAKS.has(token.text) && !isSentenceEnd) current.push(token);
      return;
    }
    current.push(token);
  });
  if (current.length) runs.push(current);
  return runs;
}

// Said around a request, never part of it: « relancer l'imprimeur s'il vous plaît », « … merci beaucoup ».
const POLITENESS = ["s ' il te plait", "s ' il vous plait", "merci beaucoup", "merci bien"].map((formula) =>
  formula.split(" "),
);

function trimFillers(tokens: Token[], fillers: Set<string>): Token[] {
  const isFiller = (token: Token) => !isWord(token) || fillers.has(token.text);
  const isFormulaAt = (at: number, formula: string[]) =>
    formula.every((word, offset) => tokens[at + offset]?.text === word);
  let start = 0;
  let end = tokens.length;
  let length: number;
  do {
    length = end - start;
    while (start < end && isFiller(tokens[start] as Token)) start += 1;
    while (end > start && isFiller(tokens[end - 1] as Token)) end -= 1;
    for (const formula of POLITENESS) {
      if (end - start > formula.length && isFormulaAt(start, formula)) start += formula.length;
      if (end - start > formula.length && isFormulaAt(end - formula.length, formula)) end -= formula.length;
    }
  } while (end - start !== length);
  return tokens.slice(start, end);
}
