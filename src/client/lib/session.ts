import type { SignOutAnswer, SignOutEverywhereInput } from "@shared/schemas/auth";
import type { ProfileDto } from "@shared/schemas/profile";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api-client";
import { isApiError } from "./api-error";
import { userStorage } from "./user-storage";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
};
type SessionPayload = { user: SessionUser; session: { id: string; expiresAt: string } } | null;

/** A 401 from any API call means the server no longer accepts the session (revoked or expired). */
export function isSessionRejected(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

// A session check that fails for another reason (429, 5xx, offline) says nothing about the session: it is
// asked again, 1 s, 2 s, 4 s… then every 30 s, for about five minutes, while the last answer stays in place.
const SESSION_RETRIES = 14;
const SESSION_RETRY_MAX_DELAY_MS = 30_000;
/** Failed checks in a row after which the user is told (about 7 s with the delays above). */
export const SESSION_TROUBLE_AFTER_FAILURES = 3;

/** Only the server's answer "no session" (null, or a 401) signs the user out. */
async function getSession(): Promise<SessionPayload> {
  try {
    return await apiFetch<SessionPayload>("/api/auth/get-session");
  } catch (error) {
    if (isSessionRejected(error)) return null;
    throw error;
  }
}

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: getSession,
  staleTime: Number.POSITIVE_INFINITY,
  retry: SESSION_RETRIES,
  retryDelay: (failureCount) => Math.min(1000 * 2 ** failureCount, SESSION_RETRY_MAX_DELAY_MS),
});

/** Spec §9: the payment status is cached 5 minutes; it is read from the profile's subscription_status. */
export const PAYMENT_STATUS_CACHE_MS = 5 * 60 * 1000;

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: () => apiFetch<ProfileDto>("/api/profile"),
  staleTime: PAYMENT_STATUS_CACHE_MS,
});

/**
 * Session state of spec §3: isAuthenticated, isInitializing, and the user. isUnknown: no answer yet could
 * be had (the checks keep failing), which is neither signed in nor signed out; hasTrouble: the checks have
 * been failing for a while, with or without an earlier answer.
 */
export function useSession() {
  const query = useQuery(sessionQuery);
  return {
    user: query.data?.user ?? null,
    isAuthenticated: Boolean(query.data?.user),
    isInitializing: query.isPending,
    isUnknown: query.data === undefined,
    hasTrouble: query.isError || query.failureCount >= SESSION_TROUBLE_AFTER_FAILURES,
  };
}

/**
 * The session and the profile, asked at once: every /app page waits for both (main.tsx in the browser,
 * prerender.tsx on the server, which does not retry: the browser asks again itself).
 */
export function prefetchAccess(
  queryClient: QueryClient,
  { retry }: { retry?: false } = {},
): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery({ ...sessionQuery, ...(retry === false ? { retry } : {}) }),
    queryClient.prefetchQuery({ ...profileQuery, ...(retry === false ? { retry } : {}) }),
  ]);
}

/** Spec §3: the profile's subscription_status 'active' means paid. */
export const hasPaidProfile = (profile: ProfileDto): boolean => profile.subscriptionStatus === "active";

/** Payment status record of spec §3: hasPaid (true, false or unknown), loading, lastChecked, error. */
export function usePaymentStatus(isEnabled: boolean) {
  const query = useQuery({ ...profileQuery, enabled: isEnabled });
  return {
    hasPaid: query.data ? hasPaidProfile(query.data) : undefined,
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

/**
 * Global sign-out (every session of the user; with `revokeCredentials`, the API tokens and calendar feeds
 * too), then every cached query and everything the account kept in this browser is forgotten. Every caller
 * shows 'Échec de déconnexion' itself.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input?: SignOutEverywhereInput) =>
      apiFetch<SignOutAnswer>("/api/account/sign-out", { method: "POST", body: input }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      deliberateSignOutAt = Date.now();
      userStorage.clearOwner();
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, null);
    },
  });
}

/**
 * The user-scoped storage follows the session's user: another account signing in wipes the previous
 * one's data, and nothing is read or written while no one is known to be signed in. A session the page's
 * HTML brought (decision 017) arrives already answered: "added", not "updated".
 */
export function followSessionUser(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    const isAnswer = event.type === "updated" || event.type === "added";
    if (!isAnswer || event.query.queryKey[0] !== sessionQuery.queryKey[0]) return;
    const data = event.query.state.data as SessionPayload | undefined;
    if (data !== undefined) userStorage.setOwner(data?.user.id ?? null);
  });
}
