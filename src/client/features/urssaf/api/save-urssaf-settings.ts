import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import { urssafRootKey } from "@client/lib/urssaf-overview";
import { type UrssafSettingsInput, urssafSettingsInput } from "@shared/schemas/urssaf";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useSaveUrssafSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UrssafSettingsInput) =>
      apiFetch("/api/urssaf/settings", { method: "PUT", body: input, schema: urssafSettingsInput }),
    onSuccess: () => {
      window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "urssaf" } }));
      return queryClient.invalidateQueries({ queryKey: urssafRootKey });
    },
  });
}
