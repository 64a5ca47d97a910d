import { apiFetch } from "@client/lib/api-client";
import { identitySettingsDto } from "@shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const identitySettingsQuery = queryOptions({
  queryKey: ["settings", "identity"],
  queryFn: ({ signal }) => apiFetch("/api/settings/identity", { schema: identitySettingsDto, signal }),
});

/** The seller identity, what invoicing still needs, and the mentions invoices will print. */
export function useIdentitySettings() {
  return useQuery(identitySettingsQuery);
}
