import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

export function issueInvoice(id: string) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/issue`, { method: "POST" });
}

/** Gives the draft its final number and freezes it; refused (400) while the seller identity is incomplete. */
export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: issueInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      return onInvoicesChanged(queryClient);
    },
  });
}
