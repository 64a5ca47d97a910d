/** Accents and case do not matter: "depenses" finds "Dépenses". */
function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * cmdk filter: every word typed must appear in the entry (its label or keywords), ignoring accents;
 * entries whose label starts with the first word rank first. 0 hides the entry.
 */
export function paletteScore(value: string, search: string, keywords: string[] = []): number {
  const terms = normalize(search).trim().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return 1;
  const label = normalize(value);
  const haystack = [label, ...keywords.map(normalize)].join(" ");
  if (!terms.every((term) => haystack.includes(term))) return 0;
  if (label.startsWith(terms[0] ?? "")) return 1;
  return label.split(/[\s'’-]+/).some((word) => word.startsWith(terms[0] ?? "")) ? 0.8 : 0.5;
}
