import { useEffect, useState } from "react";

/** Spec §9: suggestions are computed again every 5 minutes (the time of day changes what is offered). */
export const SUGGESTION_REFRESH_MS = 5 * 60 * 1000;

/** The time suggestions are computed for, moving forward every 5 minutes while shown. */
export function useSuggestionClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), SUGGESTION_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
