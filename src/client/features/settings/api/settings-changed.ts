import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { sellerIdentityQuery } from "@client/lib/seller-identity";
import type { IdentitySettingsDto } from "@shared/schemas/settings";
import type { QueryClient } from "@tanstack/react-query";

/** Every settings mutation answers the whole identity: the cache takes it as is, and other views hear of it. */
export function onIdentitySaved(queryClient: QueryClient, settings: IdentitySettingsDto): void {
  queryClient.setQueryData(sellerIdentityQuery.queryKey, settings);
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "settings" } }));
}
