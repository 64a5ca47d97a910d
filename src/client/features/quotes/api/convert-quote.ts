import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onQuotesChanged } from "./quotes-changed";

/** Creates the invoice draft of an accepted quote; answers the invoice. */
export function convertQuote(id: string) {
  return apiFetch<InvoiceDto>(`/api/quotes/${encodeURIComponent(id)}/convert`, { method: "POST" });
}

export function useConvertQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: convertQuote,
    onSuccess: async () => {
      // A new invoice exists: the invoices' lists (their root key) refresh too.
      window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "invoices" } }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["invoices"] }),
        onQuotesChanged(queryClient),
      ]);
    },
  });
}
