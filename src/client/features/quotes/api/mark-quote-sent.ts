import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

/** A draft handed to the client otherwise (in person, by post): envoyé without an e-mail. */
export function markQuoteSent(id: string) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}/mark-sent`, { method: "POST" });
}

export function useMarkQuoteSent() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: markQuoteSent,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
