import { apiFetch } from "@client/lib/api-client";
import type { StripeAccountDto, StripeAccountInput } from "@shared/schemas/client-links";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const PATH = "/api/client-payments/stripe";

const stripeAccountQuery = queryOptions({
  queryKey: ["integrations", "stripe"],
  queryFn: ({ signal }) => apiFetch<StripeAccountDto>(PATH, { signal }),
});

export const useStripeAccount = () => useQuery(stripeAccountQuery);

/** Each change answers the card's new state. */
function useStripeChange<Input>(change: (input: Input) => Promise<StripeAccountDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: change,
    onSuccess: (account) => queryClient.setQueryData(stripeAccountQuery.queryKey, account),
  });
}

export const useSaveStripeAccount = () =>
  useStripeChange((body: StripeAccountInput) => apiFetch<StripeAccountDto>(PATH, { method: "PUT", body }));

export const useRemoveStripeAccount = () =>
  useStripeChange(() => apiFetch<StripeAccountDto>(PATH, { method: "DELETE" }));
