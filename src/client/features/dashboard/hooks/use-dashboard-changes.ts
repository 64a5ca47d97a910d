import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { useEffect, useRef } from "react";

/** Spec §4: the kinds of change that move a dashboard figure. */
const REFRESHING_TYPES = new Set(["clients", "quotes", "invoices", "expenses", "contracts", "projects"]);

/** Whether an app-data-changed event moves a dashboard figure; one without a type might, to be safe. */
export function movesDashboard(event: Event): boolean {
  const type = (event as CustomEvent<{ type?: string } | undefined>).detail?.type;
  return !type || REFRESHING_TYPES.has(type);
}

/** Calls `onChange` whenever a mutation elsewhere announces a change that moves a dashboard figure. */
export function useDashboardChanges(onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const onDataChanged = (event: Event) => {
      if (movesDashboard(event)) latest.current();
    };
    window.addEventListener(DATA_CHANGED_EVENT, onDataChanged);
    return () => window.removeEventListener(DATA_CHANGED_EVENT, onDataChanged);
  }, []);
}
