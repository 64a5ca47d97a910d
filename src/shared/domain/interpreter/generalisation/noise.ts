import type { Random } from "./random";

/**
 * What typing fast and dictating do to a command, applied to its pieces so that names are spared where a
 * person would spare them: a dictation engine writes « virgule » and « euh », a hurried hand swaps, drops or
 * doubles a letter in a command word, leaves out accents, writes « pr » and « jai ».
 */
export type SegmentKind = "open" | "fixed" | "name" | "amount" | "date" | "free" | "contact";
export type Segment = { text: string; kind: SegmentKind };

/** Command words a typo may hit outside the opening verb and noun (accents removed, lower case). */
const COMMAND_STEMS =
  /^(factur|devis|depens|client|projet|tache|contrat|paiement|paye|regle|recu|combien|encaiss|affich|montre|liste|rappel|enregistre|ajoute)/;

export function withoutAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
}

const LETTERS = /^\p{L}+$/u;

function typoable(segment: Segment, word: string): boolean {
  if (!LETTERS.test(word) || Array.from(word).length < 5) return false;
  if (segment.kind === "open") return true;
  return segment.kind === "fixed" && COMMAND_STEMS.test(withoutAccents(word.toLowerCase()));
}

/** Swap two neighbouring letters, drop one, or double one, never the first letter. */
function misspell(random: Random, word: string): { word: string; tag: string } {
  const letters = Array.from(word);
  const at = random.int(1, letters.length - 2);
  const kind = random.pick(["swap", "drop", "double"] as const);
  const copy = [...letters];
  if (kind === "swap" && copy[at] !== copy[at + 1])
    [copy[at], copy[at + 1]] = [copy[at + 1] as string, copy[at] as string];
  else if (kind === "drop") copy.splice(at, 1);
  else copy.splice(at, 0, copy[at] as string);
  const tag = kind === "swap" && letters[at] === letters[at + 1] ? "double" : kind;
  return { word: copy.join(""), tag: `typo:${tag}` };
}

export function addTypo(random: Random, segments: Segment[]): string | undefined {
  const spots: { segment: Segment; word: string }[] = [];
  for (const segment of segments)
    for (const word of segment.text.split(/[\s,:;'’?!()«»-]+/))
      if (typoable(segment, word)) spots.push({ segment, word });
  if (spots.length === 0) return undefined;
  const spot = random.pick(spots);
  const typo = misspell(random, spot.word);
  spot.segment.text = spot.segment.text.replace(spot.word, typo.word);
  return typo.tag;
}

/** Accents left out everywhere but in names and addresses, which a person copies as they are written. */
export function dropAccents(segments: Segment[]): void {
  for (const segment of segments)
    if (segment.kind !== "name" && segment.kind !== "contact") segment.text = withoutAccents(segment.text);
}

const SMS: readonly [RegExp, string][] = [
  [/\bpour\b/g, "pr"],
  [/\bj'ai\b/g, "jai"],
  [/\bfais-moi\b/g, "fait moi"],
  [/\bs'il te plaît\b/g, "stp"],
  [/\bqu'est-ce que\b/g, "qu'est ce que"],
  [/\btu peux\b/g, "tu peu"],
  [/\brendez-vous\b/g, "rdv"],
];

export function smsStyle(segments: Segment[]): void {
  for (const segment of segments)
    if (segment.kind === "open" || segment.kind === "fixed")
      for (const [pattern, replacement] of SMS) segment.text = segment.text.replace(pattern, replacement);
}

/**
 * What a dictation engine writes: lower case (names were already chosen lower or capitalised), spoken
 * punctuation or none, hesitations between the parts of the command.
 */
export function dictate(random: Random, segments: Segment[]): Segment[] {
  const spoken = segments.map((segment) => ({
    ...segment,
    text:
      segment.kind === "name"
        ? segment.text
        : segment.text
            .toLowerCase()
            // A pause between two parts comes out as a comma or as the spoken word « virgule ».
            .replace(/\s*[:—]\s*/g, ", ")
            .replace(/,(?=\s|$)/g, () => (random.chance(0.6) ? " virgule" : ","))
            .replace(/\s*[?!«»()]\s*/g, " "),
  }));
  if (random.chance(0.5)) {
    const at = random.int(1, spoken.length);
    spoken.splice(at, 0, { text: " euh ", kind: "fixed" });
  }
  if (random.chance(0.25)) spoken.push({ text: " point", kind: "fixed" });
  return spoken;
}

/** French elision and contraction across the pieces: « de Atelier 42 » is « d'Atelier 42 », « à le » « au ». */
export function elide(text: string): string {
  return text
    .replace(/(?<!\p{L})(d|m|j|qu)e (?!euh\b|onze\b|EUR\b)(?=[aeiouéèêâàîôAEIOUÉÈÊÂÀÎÔ]|h[ôoeé])/gu, "$1'")
    .replace(/\bde le /g, "du ")
    .replace(/\bà le /g, "au ")
    .replace(/\bde les /g, "des ")
    .replace(/\bà les /g, "aux ");
}

export function joinSegments(segments: readonly Segment[]): string {
  return elide(
    segments
      .map((segment) => segment.text)
      .join("")
      .replace(/\s+/g, " ")
      .replace(/ ([,.])/g, "$1")
      .replace(/^[\s,]+|[\s,]+$/g, ""),
  );
}
