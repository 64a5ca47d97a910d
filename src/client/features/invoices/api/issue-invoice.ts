import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto, IssueReadinessDto } from "@shared/schemas/invoices";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invoiceQuery } from "./get-invoice";
import { invoicesQueryKey } from "./get-invoices";
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

/**
 * What the server's issue rule still finds missing on the draft `id` (seller identity, client, lines…):
 * asked afresh each time the issue dialog opens, since the fixes are made on other pages.
 */
export function useIssueReadiness(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...invoicesQueryKey, "readiness", id],
    queryFn: ({ signal }) =>
      apiFetch<IssueReadinessDto>(`/api/invoices/${encodeURIComponent(id)}/readiness`, { signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}
