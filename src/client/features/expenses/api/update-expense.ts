import { apiFetch } from "@client/lib/api-client";
import { expenseDto, type UpdateExpenseInput } from "@shared/schemas/expenses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

export const updateExpense = ({ id, input }: { id: string; input: UpdateExpenseInput }) =>
  apiFetch(`/api/expenses/${encodeURIComponent(id)}`, { method: "PATCH", body: input, schema: expenseDto });

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: updateExpense,
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}
