import type { Person } from "./lexicon";
import type { Random } from "./random";

/**
 * The ways a client's name appears in a command, each with the name a person expects on the record: the
 * whole name with its legal form, article or number; a civility dropped; a lower-case dictated name written
 * back with its capitals; a lower-case article or a « la société » marker that is not part of the name.
 */
export type RenderedName = { text: string; label: string; tags: string[] };

export type NameContext = {
  /** What the template says just before the name, to know which markers and articles fit there. */
  preceding: string;
  dictation: boolean;
  /**
   * A client already on file, referred to (« pour la menuiserie Girard »), rather than a new one being named:
   * for a new client « l'Atelier 42 » might be the name itself, so articles and markers are left out.
   */
  existing: boolean;
};

const LEGAL_FORMS = new Set(["sas", "sasu", "sarl", "eurl", "sa", "sci"]);
const LINKING_WORDS = new Set(["de", "du", "des", "la", "le", "les", "et"]);
/** Trades whose name people say with an article: « pour la menuiserie Girard ». */
const TRADE_ARTICLES: Record<string, string> = {
  menuiserie: "la ",
  boulangerie: "la ",
  imprimerie: "l'",
  librairie: "la ",
  pharmacie: "la ",
  fromagerie: "la ",
  brasserie: "la ",
  cordonnerie: "la ",
  garage: "le ",
  atelier: "l'",
  ébénisterie: "l'",
};

function capitalise(word: string): string {
  return word.replace(/^\p{L}/u, (letter) => letter.toUpperCase());
}

/** How a reader writes back a lower-case dictated name: capitals on words, legal forms in capitals. */
export function writeBack(lower: string): string {
  return lower
    .split(" ")
    .map((word, index) => {
      if (LEGAL_FORMS.has(word)) return word.toUpperCase();
      if (index > 0 && LINKING_WORDS.has(word)) return word;
      return word.split("-").map(capitalise).join("-");
    })
    .join(" ");
}

/** A name whose lower-case form says unambiguously how it is written (no « & », no leading article). */
export function survivesLowerCase(written: string): boolean {
  return (
    !written.includes("&") &&
    !/^(l'|le |la |les )/i.test(written) &&
    writeBack(written.toLowerCase()) === written
  );
}

const startsWithArticle = (written: string) => /^(Le|La|Les) /.test(written);

export function renderCompany(random: Random, written: string, context: NameContext): RenderedName {
  const lowerOk = survivesLowerCase(written);
  if (context.dictation) {
    return lowerOk
      ? { text: written.toLowerCase(), label: written, tags: ["name:lower-case"] }
      : { text: written, label: written, tags: [] };
  }
  const afterPour = context.existing && /\bpour $/i.test(context.preceding);
  const head = written.split(" ")[0]?.toLowerCase() ?? "";
  const article = TRADE_ARTICLES[head];
  const forms: (() => RenderedName)[] = [() => ({ text: written, label: written, tags: [] })];
  if (lowerOk) forms.push(() => ({ text: written.toLowerCase(), label: written, tags: ["name:lower-case"] }));
  if (article && context.existing && !/\b(à|de) $/i.test(context.preceding))
    forms.push(() => {
      const name = random.chance(0.5) ? written.toLowerCase() : written;
      return { text: `${article}${name}`, label: written, tags: ["name:article"] };
    });
  if (afterPour)
    forms.push(() => ({
      text: `${random.pick(["la société ", "l'entreprise ", "le client "])}${written}`,
      label: written,
      tags: ["name:marker"],
    }));
  return random.pick(forms)();
}

export function renderPerson(
  random: Random,
  [first, last, gender]: Person,
  context: NameContext,
): RenderedName {
  const full = `${first} ${last}`;
  const lowerOk = survivesLowerCase(full);
  const civility = context.dictation
    ? gender === "f"
      ? "madame"
      : "monsieur"
    : random.pick(gender === "f" ? ["Mme", "Madame"] : ["M.", "Monsieur"]);
  const forms: RenderedName[] = [
    { text: full, label: full, tags: ["name:person"] },
    { text: `${civility} ${full}`, label: full, tags: ["name:person", "name:civility"] },
    { text: `${civility} ${last}`, label: last, tags: ["name:person", "name:civility"] },
  ];
  if (lowerOk)
    forms.push({ text: full.toLowerCase(), label: full, tags: ["name:person", "name:lower-case"] });
  if (context.dictation && lowerOk)
    return { text: full.toLowerCase(), label: full, tags: ["name:person", "name:lower-case"] };
  return random.pick(forms);
}

/** Whether a written company name may follow the given words (« aux Jardins » would hide the article). */
export function fitsAfter(written: string, preceding: string): boolean {
  return !(startsWithArticle(written) && /\b(à|de) $/i.test(preceding));
}
