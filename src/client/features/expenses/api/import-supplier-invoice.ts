import { apiFetch } from "@client/lib/api-client";
import { type ConfirmSupplierInvoiceInput, supplierInvoicePreviewDto } from "@shared/schemas/einvoicing";
import { expenseDto } from "@shared/schemas/expenses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

const formWith = (file: File, fields: Record<string, string> = {}) => {
  const body = new FormData();
  body.set("file", file);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

/** Reads a supplier e-invoice on the server and answers the prefilled expense; nothing is stored. */
export const previewSupplierInvoice = (file: File) =>
  apiFetch("/api/expenses/import", {
    method: "POST",
    body: formWith(file),
    schema: supplierInvoicePreviewDto,
  });

/** Sends the same file again with the user's fields: the server re-reads it and keeps it as the receipt. */
export const confirmSupplierInvoice = ({ file, input }: { file: File; input: ConfirmSupplierInvoiceInput }) =>
  apiFetch("/api/expenses/import/confirm", {
    method: "POST",
    body: formWith(file, { expense: JSON.stringify(input) }),
    schema: expenseDto,
  });

export const usePreviewSupplierInvoice = () =>
  useMutation({ meta: { handlesErrors: true }, mutationFn: previewSupplierInvoice });

export function useConfirmSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: confirmSupplierInvoice,
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}
