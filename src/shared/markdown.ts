import { paths } from "./paths";

/**
 * Record text (client names, titles, notes) written into the assistant's markdown answers. It is data, not
 * markup: a client named "[x](https://evil.example)" must show those characters, never become a link.
 */
const MARKDOWN_SPECIALS = /[\\`*_{}[\]()<>#+\-.!|~]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIALS, "\\$&").replace(/\r?\n/g, " ");
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
  return pathname === paths.app.root || pathname.startsWith(`${paths.app.root}/`) || pagePaths.has(pathname);
}
