import { apiFetch } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

export const deleteExpense = (id: string) =>
  apiFetch<void>(`/api/expenses/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteExpense,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: expenseQueryOptions(id).queryKey });
      return onExpensesChanged(queryClient);
    },
  });
}
