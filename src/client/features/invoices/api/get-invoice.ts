import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { invoicesQueryKey } from "./get-invoices";

export function getInvoice(id: string, signal?: AbortSignal) {
  return apiFetch<InvoiceDto>(`/api/invoices/${encodeURIComponent(id)}`, { signal });
}

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, "detail", id],
    queryFn: ({ signal }) => getInvoice(id, signal),
  });

export function useInvoice(id: string) {
  return useQuery(invoiceQuery(id));
}

/** The invoice's PDF (stored once issued; a draft is rendered as a preview marked "Brouillon"). */
export const invoicePdfHref = (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`;
