import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

export function acceptQuote(id: string) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}/accept`, { method: "POST" });
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: acceptQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
