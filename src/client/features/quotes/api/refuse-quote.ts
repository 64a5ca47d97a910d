import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

export function refuseQuote(id: string) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}/refuse`, { method: "POST" });
}

export function useRefuseQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: refuseQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
