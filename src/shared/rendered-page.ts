import type { DehydratedState } from "@tanstack/react-query";

// The build writes, for a page the server renders with the user's data (vite.config.ts), a copy of
// index.html whose root holds these two marks; the server fills them for each request (src/server/http/spa.ts).
export const MARKUP_MARK = "<!--ardoise:markup-->";
export const STATE_MARK = "<!--ardoise:state-->";

/** The root of such a template: hydrated by main.tsx, inert until then (as a prerendered page). */
export const RENDERED_ROOT = `<div id="root" data-prerendered inert>${MARKUP_MARK}</div>${STATE_MARK}`;

/** The id of the script that carries the page's query answers to main.tsx. */
export const QUERY_STATE_ID = "ardoise-query-state";

/**
 * The template with the page's markup and the answers it was rendered from, as JSON that the HTML parser
 * cannot end early: every `<` is escaped, so no string of the user's data can close the script.
 */
export function fillRenderedPage(template: string, markup: string, state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, "\\u003c");
  return template
    .replace(MARKUP_MARK, () => markup)
    .replace(STATE_MARK, () => `<script type="application/json" id="${QUERY_STATE_ID}">${json}</script>`);
}
