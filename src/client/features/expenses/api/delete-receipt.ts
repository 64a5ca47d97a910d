import { apiFetch } from "@client/lib/api-client";
import { expenseDto } from "@shared/schemas/expenses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

export const deleteReceipt = (id: string) =>
  apiFetch(`/api/expenses/${encodeURIComponent(id)}/receipt`, { method: "DELETE", schema: expenseDto });

export function useDeleteReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: deleteReceipt,
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}
