import { apiFetch } from "@client/lib/api-client";
import type { CreateQuoteInput, QuoteDto } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

export function createQuote(input: CreateQuoteInput) {
  return apiFetch<QuoteDto>("/api/quotes", { method: "POST", body: input });
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
