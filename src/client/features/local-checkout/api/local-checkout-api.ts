import { apiFetch } from "@client/lib/api-client";
import type { LocalCardInput } from "@shared/schemas/payment";
import { queryOptions } from "@tanstack/react-query";

export type LocalSession = {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  email: string;
};

export const localSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ["local-checkout", sessionId],
    queryFn: () => apiFetch<LocalSession>(`/api/dev/stripe/sessions/${encodeURIComponent(sessionId)}`),
    staleTime: 0,
  });

export const payLocalSession = (sessionId: string, card: LocalCardInput) =>
  apiFetch<{ redirectUrl: string }>(`/api/dev/stripe/sessions/${encodeURIComponent(sessionId)}/pay`, {
    method: "POST",
    body: card,
  });
