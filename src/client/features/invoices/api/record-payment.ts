import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto, RecordPaymentInput } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

export function recordPayment({ id, input }: { id: string; input: RecordPaymentInput }) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/payments`, {
    method: "POST",
    body: input,
  });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: recordPayment,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      return onInvoicesChanged(queryClient);
    },
  });
}
