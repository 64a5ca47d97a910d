/**
 * An assistant answer (markdown) as words to speak: a link is read as its label, emphasis, headings, list
 * bullets, code marks and table pipes are dropped, and the backslashes of escapeMarkdown are removed, so
 * the synthesizer never reads "crochet" or "barre oblique inverse" aloud.
 */
export function toSpokenText(markdown: string): string {
  return (
    markdown
      // [label](url) and ![alt](src) → label
      .replace(/!?\[((?:\\.|[^\]\\])*)\]\([^)]*\)/g, "$1")
      // bare URLs say nothing useful aloud
      .replace(/https?:\/\/\S+/g, "")
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s{0,3}>\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
      .replace(/^\s*\|?\s*:?-{3,}.*$/gm, "")
      .replace(/\s*\|\s*/g, ", ")
      .replace(/(\*\*|__|\*|_|`+|~~)(?=\S)|(?<=\S)(\*\*|__|\*|_|`+|~~)/g, "")
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, "$1")
      // Narrow and non-breaking spaces of French amounts ("1 200,00 €") read as plain spaces.
      .replace(/[\u00a0\u202f]/g, " ")
      // "1 200,00 €" is said "mille deux cents euros", not "virgule zéro zéro".
      .replace(/,00(?= ?€)/g, "")
      .split("\n")
      .map((line) => line.replace(/^[,\s]+|[,\s]+$/g, "").trim())
      .filter(Boolean)
      // Each line is its own sentence, so lists are spoken with pauses.
      .map((line) => (/[.!?…:;]$/.test(line) ? line : `${line}.`))
      .join("\n")
  );
}
