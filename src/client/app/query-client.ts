import { isApiError } from "@client/lib/api-error";
import { isSessionRejected, sessionQuery } from "@client/lib/session";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";

// Spec §9 constants.
const STALE_TIME_MS = 10 * 60 * 1000;
const GC_TIME_MS = 30 * 60 * 1000;
const MAX_RETRIES = 1;
// Spec §9: no retry on 403 or 404. Asking again will not sign the user in or pay either (401, 402):
// retrying would only delay the redirect to /auth or the payment gate.
const NO_RETRY_STATUSES = new Set([401, 402, 403, 404]);

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && NO_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the server no longer accepts the session (revoked, expired): forgetting it
  // lets the access guard send the user to /auth with 'Session expirée' (spec §4).
  const onError = (error: unknown) => {
    if (isSessionRejected(error)) client.setQueryData(sessionQuery.queryKey, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Spec §9: no refetch on mount, except for data a mutation has invalidated while its screen was
        // closed (otherwise going back to a list after a creation would show it without the new record).
        refetchOnMount: (query) => query.state.isInvalidated,
        refetchOnReconnect: true,
        retry: shouldRetry,
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
