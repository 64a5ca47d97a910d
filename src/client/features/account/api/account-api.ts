import { apiFetch } from "@client/lib/api-client";
import { profileQuery, sessionQuery } from "@client/lib/session";
import { paths } from "@shared/paths";
import type { ProfileDto, UpdateProfileInput } from "@shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (input: UpdateProfileInput) =>
      apiFetch<ProfileDto>("/api/profile", { method: "PATCH", body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

export function useChangeEmail() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (newEmail: string) =>
      apiFetch("/api/auth/change-email", {
        method: "POST",
        body: { newEmail: newEmail.trim(), callbackURL: paths.app.profile },
      }),
  });
}

/** Changing the password signs every other device out (revokeOtherSessions). */
export function useChangePassword() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      apiFetch("/api/auth/change-password", {
        method: "POST",
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      }),
  });
}
