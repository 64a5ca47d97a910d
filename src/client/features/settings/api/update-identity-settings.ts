import { apiFetch } from "@client/lib/api-client";
import { identitySettingsDto, type UpdateBusinessIdentityInput } from "@shared/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onIdentitySaved } from "./settings-changed";

export function useUpdateIdentitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (input: UpdateBusinessIdentityInput) =>
      apiFetch("/api/settings/identity", { method: "PUT", body: input, schema: identitySettingsDto }),
    onSuccess: (settings) => onIdentitySaved(queryClient, settings),
  });
}
