import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

/** Cancels an issued invoice; the answer is the credit note (avoir) the server created. */
export function cancelInvoice(id: string) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/cancel`, { method: "POST" });
}

export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: cancelInvoice,
    onSuccess: (creditNote) => {
      queryClient.setQueryData(invoiceQuery(creditNote.id).queryKey, creditNote);
      return onInvoicesChanged(queryClient);
    },
  });
}
