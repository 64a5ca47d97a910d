import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

/** A new draft with the quote's client, project, lines and notes; answers the new quote. */
export function duplicateQuote(id: string) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}/duplicate`, { method: "POST" });
}

export function useDuplicateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: duplicateQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
