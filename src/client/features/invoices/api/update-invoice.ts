import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto, UpdateInvoiceInput } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

export function updateInvoice({ id, input }: { id: string; input: UpdateInvoiceInput }) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}`, { method: "PATCH", body: input });
}

/** Saves a draft (the server refuses an issued invoice: it is frozen). */
export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      return onInvoicesChanged(queryClient);
    },
  });
}
