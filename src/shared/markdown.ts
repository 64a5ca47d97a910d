import { isAppPath, paths } from "./paths";

/**
 * Record text (a client's name, an expense's title…) written into the assistant's markdown answers is escaped
 * here, once: a label such as "[x](https://evil.example)" must read as those characters, not become a link,
 * an image, emphasis, code or raw HTML. Only characters that open inline markup are escaped, so invoice numbers
 * ("INV-2026-0042"), amounts and dates keep their plain text; line breaks become spaces so that a label stays
 * on its line and cannot start a block (a heading, a list) of its own.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").replace(/[\\`*_[\]<>~|!]/g, "\\$&");
}

/** Every fixed page of the product (paths.ts), for the links an answer may carry besides the working area. */
const pagePaths = new Set<string>();
const collect = (value: unknown) => {
  if (typeof value === "string") pagePaths.add(value);
  else if (value && typeof value === "object") Object.values(value).forEach(collect);
};
collect(paths);

/**
 * Whether a link in an assistant answer points into Ardoise: a relative path under /app, or one of the pages
 * of paths.ts. Anything else (another site, a protocol-relative "//host", javascript:, the API) is not a link.
 */
export function isAppHref(href: string | undefined): href is string {
  if (!href?.startsWith("/") || href.startsWith("//") || href.startsWith("/\\")) return false;
  const pathname = href.split(/[?#]/)[0] ?? "";
  if (/(^|\/)\.\.?(\/|$)/.test(pathname)) return false;
  return isAppPath(pathname) || pagePaths.has(pathname);
}
