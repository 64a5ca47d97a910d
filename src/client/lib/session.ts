import type { ProfileDto } from "@shared/schemas/profile";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api-client";
import { isApiError } from "./api-error";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
};
type SessionPayload = { user: SessionUser; session: { id: string; expiresAt: string } } | null;

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: () => apiFetch<SessionPayload>("/api/auth/get-session"),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Spec §9: the payment status is cached 5 minutes; it is read from the profile's subscription_status. */
export const PAYMENT_STATUS_CACHE_MS = 5 * 60 * 1000;

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: () => apiFetch<ProfileDto>("/api/profile"),
  staleTime: PAYMENT_STATUS_CACHE_MS,
});

/** Session state of spec §3: isAuthenticated, isInitializing, and the user. */
export function useSession() {
  const query = useQuery(sessionQuery);
  return {
    user: query.data?.user ?? null,
    isAuthenticated: Boolean(query.data?.user),
    isInitializing: query.isPending,
  };
}

/** Payment status record of spec §3: hasPaid (true, false or unknown), loading, lastChecked, error. */
export function usePaymentStatus(isEnabled: boolean) {
  const query = useQuery({ ...profileQuery, enabled: isEnabled });
  return {
    hasPaid: query.data ? query.data.subscriptionStatus === "active" : undefined,
    loading: isEnabled && query.isPending,
    lastChecked: query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null,
    error: query.error ? query.error.message : null,
    profile: query.data,
  };
}

// When the user last signed out on purpose, so the access guard does not greet them with 'Session expirée'.
let deliberateSignOutAt = 0;
const DELIBERATE_SIGN_OUT_WINDOW_MS = 3000;

/** True once, just after a deliberate sign-out: the guard then leaves the redirect and toast to the caller. */
export function takeDeliberateSignOut(): boolean {
  const isRecent = Date.now() - deliberateSignOutAt < DELIBERATE_SIGN_OUT_WINDOW_MS;
  deliberateSignOutAt = 0;
  return isRecent;
}

/** Global sign-out (every session of the user), then every cached query is forgotten. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ success: boolean }>("/api/account/sign-out", { method: "POST" }),
    onSuccess: () => {
      deliberateSignOutAt = Date.now();
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, null);
    },
  });
}

/** A 401 from any API call means the server no longer accepts the session (revoked or expired). */
export function isSessionRejected(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
