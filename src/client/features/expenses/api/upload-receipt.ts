import { apiFetch } from "@client/lib/api-client";
import { type ExpenseDto, expenseDto } from "@shared/schemas/expenses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

/**
 * The receipt goes as multipart form-data (field `file`). The upload path is fixed (id in the query string)
 * because the server lifts its 1 MB body limit by exact path.
 */
export function uploadReceipt({ id, file }: { id: string; file: File }): Promise<ExpenseDto> {
  const body = new FormData();
  body.set("file", file);
  return apiFetch(`/api/expenses/receipt?expenseId=${encodeURIComponent(id)}`, {
    method: "POST",
    body,
    schema: expenseDto,
  });
}

export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: uploadReceipt,
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}
