import { ApiError } from "@client/lib/api-error";
import { isErrorBody } from "@shared/errors";
import { type ExpenseDto, expenseDto } from "@shared/schemas/expenses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

/**
 * The receipt goes as multipart form-data (field `file`), which the JSON api client does not send. The
 * upload path is fixed (id in the query string) because the server lifts its 1 MB body limit by exact path.
 */
export async function uploadReceipt({ id, file }: { id: string; file: File }): Promise<ExpenseDto> {
  const form = new FormData();
  form.set("file", file);
  let response: Response;
  try {
    response = await fetch(`/api/expenses/receipt?expenseId=${encodeURIComponent(id)}`, {
      method: "POST",
      body: form,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(
      0,
      "unavailable",
      "Connexion au serveur impossible. Vérifiez votre connexion internet.",
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, issues } = body.error;
      throw new ApiError(response.status, code, message, issues);
    }
    throw new ApiError(response.status, "internal", "L'envoi du justificatif a échoué. Veuillez réessayer.");
  }
  const parsed = expenseDto.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, "internal", "Réponse inattendue du serveur.");
  return parsed.data;
}

export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReceipt,
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}
