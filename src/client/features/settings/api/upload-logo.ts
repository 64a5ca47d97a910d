import { apiFetch } from "@client/lib/api-client";
import { type IdentitySettingsDto, identitySettingsDto } from "@shared/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onIdentitySaved } from "./settings-changed";

/** The logo goes as multipart form-data (field `file`). */
function uploadLogo(file: File): Promise<IdentitySettingsDto> {
  const body = new FormData();
  body.set("file", file);
  return apiFetch("/api/settings/logo", { method: "POST", body, schema: identitySettingsDto });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: uploadLogo,
    onSuccess: (settings) => onIdentitySaved(queryClient, settings),
  });
}
