import { fold } from "@shared/fold";

/**
 * cmdk filter: every word typed must appear in the entry (its label or keywords), ignoring accents;
 * entries whose label starts with the first word rank first. 0 hides the entry.
 */
export function paletteScore(value: string, search: string, keywords: string[] = []): number {
  const terms = fold(search).trim().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return 1;
  const label = fold(value);
  const haystack = [label, ...keywords.map(fold)].join(" ");
  if (!terms.every((term) => haystack.includes(term))) return 0;
  if (label.startsWith(terms[0] ?? "")) return 1;
  return label.split(/[\s'’-]+/).some((word) => word.startsWith(terms[0] ?? "")) ? 0.8 : 0.5;
}
