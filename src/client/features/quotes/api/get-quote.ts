import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto } from "@shared/schemas/quotes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { quotesQueryKey } from "./get-quotes";

export function getQuote(id: string, signal?: AbortSignal) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}`, { signal });
}

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...quotesQueryKey, "detail", id],
    queryFn: ({ signal }) => getQuote(id, signal),
  });

export function useQuote(id: string) {
  return useQuery(quoteQuery(id));
}

/** Where the PDF is downloaded from (a plain link: the browser sends the session cookie). */
export const quotePdfHref = (id: string) => `/api/quotes/${encodeURIComponent(id)}/pdf`;
