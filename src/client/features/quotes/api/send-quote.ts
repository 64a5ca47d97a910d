import { apiFetch } from "@client/lib/api-client";
import type { QuoteDto, SendQuoteInput } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

export function sendQuote({ id, input }: { id: string; input: SendQuoteInput }) {
  return apiFetch<QuoteDto>(`/api/quotes/${encodeURIComponent(id)}/send`, { method: "POST", body: input });
}

/** E-mails the quote PDF with the user's message; a draft becomes envoyé, a sent quote is sent again. */
export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: sendQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQuery(quote.id).queryKey, quote);
      return onQuotesChanged(queryClient);
    },
  });
}
