import { apiFetch } from "@client/lib/api-client";
import { identitySettingsDto } from "@shared/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onIdentitySaved } from "./settings-changed";

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => apiFetch("/api/settings/logo", { method: "DELETE", schema: identitySettingsDto }),
    onSuccess: (settings) => onIdentitySaved(queryClient, settings),
  });
}
