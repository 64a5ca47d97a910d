import { ApiError } from "@client/lib/api-error";
import { isErrorBody } from "@shared/errors";
import { type IdentitySettingsDto, identitySettingsDto } from "@shared/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onIdentitySaved } from "./settings-changed";

/** The logo goes as multipart form-data (field `file`), which the JSON api client does not send. */
async function uploadLogo(file: File): Promise<IdentitySettingsDto> {
  const form = new FormData();
  form.set("file", file);
  let response: Response;
  try {
    response = await fetch("/api/settings/logo", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(
      0,
      "unavailable",
      "Connexion au serveur impossible. Vérifiez votre connexion internet.",
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, issues } = body.error;
      throw new ApiError(response.status, code, message, issues);
    }
    throw new ApiError(response.status, "internal", "L'envoi du logo a échoué. Veuillez réessayer.");
  }
  const parsed = identitySettingsDto.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, "internal", "Réponse inattendue du serveur.");
  return parsed.data;
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (settings) => onIdentitySaved(queryClient, settings),
  });
}
