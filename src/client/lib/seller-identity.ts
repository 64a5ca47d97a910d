import { apiFetch } from "@client/lib/api-client";
import { identitySettingsDto } from "@shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The seller identity, what invoicing still needs, and the mentions invoices will print. Settings edit it;
 * invoices and quotes read it (issue warnings, the signature of the send dialog's message): one cache entry.
 */
export const sellerIdentityQuery = queryOptions({
  queryKey: ["settings", "identity"],
  queryFn: ({ signal }) => apiFetch("/api/settings/identity", { schema: identitySettingsDto, signal }),
});

export function useSellerIdentity() {
  return useQuery(sellerIdentityQuery);
}
