import { apiFetch } from "@client/lib/api-client";
import { identitySettingsDto } from "@shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The seller's identity as settings hold it, for the signature of the send dialog's message. Same key and
 * schema as the invoices' query (features do not import each other), so both read one cache entry.
 */
export const sellerIdentityQuery = queryOptions({
  queryKey: ["settings", "identity"],
  queryFn: ({ signal }) => apiFetch("/api/settings/identity", { schema: identitySettingsDto, signal }),
});

export function useSellerIdentity() {
  return useQuery(sellerIdentityQuery);
}
