import { apiFetch } from "@client/lib/api-client";
import type { CreateCreditNoteInput, InvoiceDto } from "@shared/schemas/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { onInvoicesChanged } from "./invoices-changed";

/** A partial credit note against an issued invoice; the answer is the credit note. */
export function createCreditNote({ id, input }: { id: string; input: CreateCreditNoteInput }) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}/credit-notes`, {
    method: "POST",
    body: input,
  });
}

export function useCreateCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createCreditNote,
    onSuccess: (creditNote) => {
      queryClient.setQueryData(invoiceQuery(creditNote.id).queryKey, creditNote);
      return onInvoicesChanged(queryClient);
    },
  });
}
