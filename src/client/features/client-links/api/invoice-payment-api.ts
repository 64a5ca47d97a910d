import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { publicDocumentQuery } from "./client-links-api";

const checkoutPath = (token: string) => `/api/public/links/${encodeURIComponent(token)}/checkout`;

/** « Payer »: the server opens the Checkout Session for what remains due; the browser goes there. */
export function useStartInvoicePayment(token: string) {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => apiFetch<{ url: string }>(checkoutPath(token), { method: "POST" }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** The local test checkout (no Stripe key, never in production): a Stripe test card pays the session. */
export function usePayTestCheckout(token: string, sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (cardNumber: string) =>
      apiFetch<{ redirectUrl: string }>(`${checkoutPath(token)}/${encodeURIComponent(sessionId)}/pay-test`, {
        method: "POST",
        body: { cardNumber },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicDocumentQuery(token).queryKey }),
  });
}
