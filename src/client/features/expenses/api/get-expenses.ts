import { listSearchParams } from "@client/components/data-list/use-list-params";
import { apiFetch } from "@client/lib/api-client";
import { type ExpenseCategory, type ExpenseStatus, expenseList } from "@shared/schemas/expenses";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { expensesRootKey } from "./expenses-keys";

export type ExpensesParams = {
  page: number;
  pageSize: number;
  search?: string;
  status?: ExpenseStatus;
  category?: ExpenseCategory;
};

/** The list toolkit's query string, plus the category filter that only expenses have. */
function expensesSearch({ category, ...params }: Partial<ExpensesParams>): string {
  const base = listSearchParams(params);
  if (!category) return base;
  return `${base ? `${base}&` : "?"}category=${encodeURIComponent(category)}`;
}

export const getExpenses = (params: ExpensesParams, signal?: AbortSignal) =>
  apiFetch(`/api/expenses${expensesSearch(params)}`, { schema: expenseList, signal });

export const expensesQueryOptions = (params: ExpensesParams) =>
  queryOptions({
    queryKey: [...expensesRootKey, "list", params],
    queryFn: ({ signal }) => getExpenses(params, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useExpenses = (params: ExpensesParams) => useQuery(expensesQueryOptions(params));

/** The CSV export of the list as currently filtered (all pages). */
export const expensesExportHref = ({
  search,
  status,
  category,
}: Pick<ExpensesParams, "search" | "status" | "category">) =>
  `/api/expenses/export.csv${expensesSearch({ search, status, category })}`;
