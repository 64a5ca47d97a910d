/**
 * Pages opened to fix something for another one (the issue dialog's « Compléter la fiche client ») carry
 * `?retour=<path>` and go back there once saved. Only a path of the app is followed: the parameter comes
 * from the address bar, and must not send the user to another site.
 */
export const RETURN_PARAM = "retour";

export function returnPath(search: URLSearchParams): string | null {
  const target = search.get(RETURN_PARAM);
  return target?.startsWith("/app/") && !target.startsWith("//") ? target : null;
}

/** `path` with `?retour=<back>` added (before any #fragment). */
export function withReturn(path: string, back: string): string {
  const [base, fragment] = path.split("#");
  const separator = base?.includes("?") ? "&" : "?";
  return `${base}${separator}${RETURN_PARAM}=${encodeURIComponent(back)}${fragment ? `#${fragment}` : ""}`;
}
