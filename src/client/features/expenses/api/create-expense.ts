import { apiFetch } from "@client/lib/api-client";
import { type CreateExpenseInput, expenseDto } from "@shared/schemas/expenses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

export const createExpense = (input: CreateExpenseInput) =>
  apiFetch("/api/expenses", { method: "POST", body: input, schema: expenseDto });

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createExpense,
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}
