import { apiFetch } from "@client/lib/api-client";
import { identitySettingsDto } from "@shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The seller's identity as settings hold it today, with what invoicing still needs and the mentions it
 * prints. Under the settings' key, so saving the settings refreshes the invoice preview.
 */
export const sellerIdentityQuery = queryOptions({
  queryKey: ["settings", "identity"],
  queryFn: ({ signal }) => apiFetch("/api/settings/identity", { schema: identitySettingsDto, signal }),
});

export function useSellerIdentity() {
  return useQuery(sellerIdentityQuery);
}
