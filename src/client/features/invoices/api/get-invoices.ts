import { listSearchParams } from "@client/components/data-list/use-list-params";
import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto, InvoiceStatus } from "@shared/schemas/invoices";
import type { ListResult } from "@shared/schemas/list";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

/** Root key of every invoice query: mutations invalidate it to refresh lists and details at once. */
export const invoicesQueryKey = ["invoices"] as const;

export type InvoiceListParams = { page: number; pageSize: number; search?: string; status?: InvoiceStatus };

export function getInvoices(params: InvoiceListParams, signal?: AbortSignal) {
  return apiFetch<ListResult<InvoiceDto>>(`/api/invoices${listSearchParams(params)}`, { signal });
}

export const invoicesQuery = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, "list", params],
    queryFn: ({ signal }) => getInvoices(params, signal),
    // Paging or filtering keeps the previous rows on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export function useInvoices(params: InvoiceListParams) {
  return useQuery(invoicesQuery(params));
}

/** The CSV export of the list as currently filtered (all pages). */
export const invoicesExportHref = ({ search, status }: Pick<InvoiceListParams, "search" | "status">) =>
  `/api/invoices/export.csv${listSearchParams({ search, status })}`;
