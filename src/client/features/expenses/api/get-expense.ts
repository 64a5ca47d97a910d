import { apiFetch } from "@client/lib/api-client";
import { expenseDto } from "@shared/schemas/expenses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { expensesRootKey } from "./expenses-keys";

export const getExpense = (id: string, signal?: AbortSignal) =>
  apiFetch(`/api/expenses/${encodeURIComponent(id)}`, { schema: expenseDto, signal });

export const expenseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...expensesRootKey, "detail", id],
    queryFn: ({ signal }) => getExpense(id, signal),
    staleTime: 30_000,
  });

export const useExpense = (id: string) => useQuery(expenseQueryOptions(id));

/** Where the receipt is served: inline for the preview, `download` to save it. */
export const receiptHref = (id: string, options: { download?: boolean; version?: string } = {}) => {
  const query = new URLSearchParams();
  if (options.download) query.set("download", "1");
  // The file id changes with each upload: the preview never shows a stale image from the cache.
  if (options.version) query.set("v", options.version);
  const text = query.toString();
  return `/api/expenses/${encodeURIComponent(id)}/receipt${text ? `?${text}` : ""}`;
};
