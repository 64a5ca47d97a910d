/** Spec §9: the sidebar's expanded/collapsed choice lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;

/** The saved choice: true expanded, false collapsed, null when nothing (valid) is saved. */
export function readSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    if (value === "true") return true;
    if (value === "false") return false;
  }
  return null;
}

export function sidebarCookie(isExpanded: boolean, isSecure: boolean): string {
  const attributes = [
    `path=/`,
    `max-age=${SIDEBAR_COOKIE_MAX_AGE_S}`,
    "samesite=lax",
    ...(isSecure ? ["secure"] : []),
  ];
  return [`${SIDEBAR_COOKIE_NAME}=${isExpanded}`, ...attributes].join("; ");
}
