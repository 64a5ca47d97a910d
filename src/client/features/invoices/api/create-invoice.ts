import { apiFetch } from "@client/lib/api-client";
import type { CreateInvoiceInput, InvoiceDto } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

export function createInvoice(input: CreateInvoiceInput) {
  return apiFetch<InvoiceDto>("/api/invoices", { method: "POST", body: input });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      return onInvoicesChanged(queryClient);
    },
  });
}
