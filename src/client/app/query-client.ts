import { errorMessage, isApiError, isServerUnreachable } from "@client/lib/api-error";
import { followSessionUser, isSessionRejected, sessionQuery } from "@client/lib/session";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * The mutation's callers show its errors themselves (inline in the form, or their own toast); without
       * it, every failure gets the generic error toast below, so none can be forgotten.
       */
      handlesErrors?: boolean;
    };
  }
}

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

/**
 * `followsSession: false` where the server renders a page (prerender.tsx): the browser's storage is not
 * there, and the process serves every user.
 */
export function createQueryClient({ followsSession = true } = {}): QueryClient {
  // A 401 anywhere means the server no longer accepts the session (revoked, expired): forgetting it
  // lets the access guard send the user to /auth with 'Session expirée' (spec §4).
  const onSessionRejected = (error: unknown) => {
    if (isSessionRejected(error)) client.setQueryData(sessionQuery.queryKey, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onSessionRejected }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSessionRejected(error)) onSessionRejected(error);
        // Spec §8, the generic error toast, with the server's French message when there is one.
        // An unreachable server is no 4-second notice: it stays until dismissed (issue 31 §22).
        else if (!mutation.meta?.handlesErrors)
          toast.error(isServerUnreachable(error) ? "Serveur injoignable" : "Une erreur est survenue", {
            description: errorMessage(error),
            ...(isServerUnreachable(error) ? { duration: Number.POSITIVE_INFINITY, closeButton: true } : {}),
          });
      },
    }),
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
  if (followsSession) followSessionUser(client);
  return client;
}
