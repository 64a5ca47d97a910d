import { apiFetch } from "@client/lib/api-client";
import type {
  AcceptQuoteInput,
  PublicDocumentDto,
  PublicQuoteDecisionDto,
  RefuseQuoteInput,
  ShareLinkDto,
  ShareStateDto,
} from "@shared/schemas/client-links";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

/** A quote or an invoice of the signed-in user. */
export type SharedDocument = { quoteId: string } | { invoiceId: string };

const documentQuery = (document: SharedDocument) =>
  "quoteId" in document ? `quoteId=${document.quoteId}` : `invoiceId=${document.invoiceId}`;

export const shareStateQuery = (document: SharedDocument) =>
  queryOptions({
    queryKey: ["client-links", document],
    queryFn: () => apiFetch<ShareStateDto>(`/api/client-links?${documentQuery(document)}`),
  });

export function useCreateShareLink(document: SharedDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => apiFetch<ShareLinkDto>("/api/client-links", { method: "POST", body: document }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareStateQuery(document).queryKey }),
  });
}

export function useRevokeShareLink(document: SharedDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (id: string) =>
      apiFetch<ShareLinkDto>(`/api/client-links/${encodeURIComponent(id)}/revoke`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareStateQuery(document).queryKey }),
  });
}

const publicPath = (token: string) => `/api/public/links/${encodeURIComponent(token)}`;
export const publicPdfUrl = (token: string) => `${publicPath(token)}/pdf`;
export const publicCertificateUrl = (token: string) => `${publicPath(token)}/certificate.pdf`;
export const certificateUrl = (quoteId: string) =>
  `/api/client-links/quotes/${encodeURIComponent(quoteId)}/certificate.pdf`;

export const publicDocumentQuery = (token: string) =>
  queryOptions({
    queryKey: ["public-document", token],
    queryFn: () => apiFetch<PublicDocumentDto>(publicPath(token)),
    retry: false,
  });

export function useDecideQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (
      choice:
        | { decision: "accept"; input: AcceptQuoteInput }
        | { decision: "refuse"; input: RefuseQuoteInput },
    ) =>
      apiFetch<PublicQuoteDecisionDto>(`${publicPath(token)}/${choice.decision}`, {
        method: "POST",
        body: choice.input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicDocumentQuery(token).queryKey }),
  });
}
