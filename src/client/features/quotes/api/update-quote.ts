import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto, UpdateQuoteInput } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

export function updateQuote({ id, input }: { id: string; input: UpdateQuoteInput }) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}`, { method: "PATCH", body: input });
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
