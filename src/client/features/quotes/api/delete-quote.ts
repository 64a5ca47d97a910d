import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quoteQuery } from "./get-quote";
import { onQuotesChanged } from "./quotes-changed";

export function deleteQuote(id: string) {
  return apiFetch<void>(`/api/quotes/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteQuote,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: quoteQuery(id).queryKey });
      return onQuotesChanged(queryClient);
    },
  });
}
