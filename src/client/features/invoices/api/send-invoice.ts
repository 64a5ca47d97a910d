import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto, SendInvoiceInput } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

export function sendInvoice({ id, input }: { id: string; input: SendInvoiceInput }) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/send`, {
    method: "POST",
    body: input,
  });
}

/** E-mails the invoice PDF with the user's message; a draft is issued first when `issueDraft` is set. */
export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: sendInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      return onInvoicesChanged(queryClient);
    },
  });
}
