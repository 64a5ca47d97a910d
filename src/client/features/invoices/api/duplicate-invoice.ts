import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

/** Copies an invoice (not a credit note) into a new draft; the answer is that draft. */
export function duplicateInvoice(id: string) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/duplicate`, { method: "POST" });
}

export function useDuplicateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: duplicateInvoice,
    onSuccess: (draft) => {
      queryClient.setQueryData(invoiceQuery(draft.id).queryKey, draft);
      return onInvoicesChanged(queryClient);
    },
  });
}
