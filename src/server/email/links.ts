const HTTP_LINK = /https?:\/\/[^\s<>"'`]+/g;
// Sentence punctuation glued to a link in prose ("… ce lien : https://x/y.") is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}»]+$/;

/** Every distinct http(s) link of a plain-text e-mail part, in order of appearance. */
export function extractLinks(text: string | null | undefined): string[] {
  const links = (text ?? "").match(HTTP_LINK) ?? [];
  return [...new Set(links.map((link) => link.replace(TRAILING_PUNCTUATION, "")))];
}
