import { apiFetch } from "@client/lib/api-client";
import type { PaymentSurplusDto } from "@shared/schemas/client-payments";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invoicesQueryKey } from "./get-invoices";
import { onInvoicesChanged } from "./invoices-changed";

/** Money a client paid online beyond what the invoice asked for: refunded through Stripe, or to return. */
export const paymentSurplusesQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, "detail", invoiceId, "surpluses"],
    queryFn: ({ signal }) =>
      apiFetch<PaymentSurplusDto[]>(
        `/api/client-payments/invoices/${encodeURIComponent(invoiceId)}/surpluses`,
        { signal },
      ),
  });

export function usePaymentSurpluses(invoiceId: string) {
  return useQuery(paymentSurplusesQuery(invoiceId));
}

/** « Réessayer le remboursement » (Stripe is asked again, never refunding twice) or « Déjà rendu ». */
export function useSettleSurplus() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ sessionId, action }: { sessionId: string; action: "refund" | "returned" }) =>
      apiFetch<PaymentSurplusDto>(
        `/api/client-payments/surpluses/${encodeURIComponent(sessionId)}/${action}`,
        { method: "POST" },
      ),
    onSuccess: () => onInvoicesChanged(queryClient),
  });
}
