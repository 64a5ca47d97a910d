import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto, RecordPaymentInput } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

/** A refund to the client, typed positive; the server records it as a negative payment. */
export function recordRefund({ id, input }: { id: string; input: RecordPaymentInput }) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/refunds`, {
    method: "POST",
    body: input,
  });
}

export function useRecordRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: recordRefund,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      return onInvoicesChanged(queryClient);
    },
  });
}
