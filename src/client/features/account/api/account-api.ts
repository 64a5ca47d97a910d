import { apiFetch } from "@client/lib/api-client";
import { profileQuery, sessionQuery } from "@client/lib/session";
import { paths } from "@shared/paths";
import { accountCredentialsDto } from "@shared/schemas/auth";
import type { ProfileDto, UpdateProfileInput } from "@shared/schemas/profile";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

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

/** The API tokens and calendar feeds that outlive the sessions: what a global sign-out offers to revoke. */
export const accountCredentialsQuery = queryOptions({
  queryKey: ["account", "credentials"],
  queryFn: ({ signal }) => apiFetch("/api/account/credentials", { schema: accountCredentialsDto, signal }),
  staleTime: 0,
});

export function useAccountCredentials({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...accountCredentialsQuery, enabled: isEnabled });
}

/**
 * Changing the password signs every other device out (revokeOtherSessions) and revokes the API tokens and
 * calendar feeds (the server does both whatever is asked): the Intégrations page's lists are read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      apiFetch("/api/auth/change-password", {
        method: "POST",
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountCredentialsQuery.queryKey });
      // The Intégrations page's queries (another feature) all start with this key.
      void queryClient.invalidateQueries({ queryKey: ["integrations"] });
    },
  });
}
