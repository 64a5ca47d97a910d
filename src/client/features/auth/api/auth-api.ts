import { apiFetch } from "@client/lib/api-client";
import { profileQuery, sessionQuery } from "@client/lib/session";
import { paths } from "@shared/paths";
import type { SignInInput, SignUpInput } from "@shared/schemas/auth";
import type { PublicConfig } from "@shared/schemas/config";
import { type QueryClient, queryOptions } from "@tanstack/react-query";

export const publicConfigQuery = queryOptions({
  queryKey: ["public-config"],
  queryFn: () => apiFetch<PublicConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

// Spec §4: the profile is checked (and created if missing) 100 ms after sign-in.
const PROFILE_CHECK_DELAY_MS = 100;

export async function signIn(queryClient: QueryClient, input: SignInInput) {
  await apiFetch("/api/auth/sign-in/email", {
    method: "POST",
    body: { email: input.email.trim(), password: input.password },
  });
  // Every session query, watched or not: the sign-in page does not watch it, and an app page left for it
  // would otherwise come back to its "no session" answer and send the user to sign in again.
  await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey, refetchType: "all" });
  setTimeout(() => void queryClient.fetchQuery(profileQuery).catch(() => {}), PROFILE_CHECK_DELAY_MS);
}

export function signUp(input: SignUpInput) {
  return apiFetch("/api/auth/sign-up/email", {
    method: "POST",
    body: {
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
      callbackURL: paths.auth.callback,
    },
  });
}

export function requestPasswordReset(email: string) {
  return apiFetch("/api/auth/request-password-reset", {
    method: "POST",
    body: { email: email.trim(), redirectTo: paths.auth.resetPassword },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return apiFetch("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });
}

export function signInWithGoogle() {
  return apiFetch<{ url: string; redirect: boolean }>("/api/auth/sign-in/social", {
    method: "POST",
    body: { provider: "google", callbackURL: paths.auth.callback },
  });
}
