import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

export function deleteInvoice(id: string) {
  return apiFetch<void>(`/api/invoices/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Deletes a draft; only drafts can be deleted (an issued invoice is cancelled by a credit note). */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteInvoice,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: invoiceQuery(id).queryKey });
      return onInvoicesChanged(queryClient);
    },
  });
}
