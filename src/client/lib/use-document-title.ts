import { useEffect } from "react";

const BRAND = "Ardoise";

/** Sets the tab title for a page; the home page passes nothing and keeps the full brand title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : `${BRAND} — la gestion de votre activité freelance`;
  }, [title]);
}
