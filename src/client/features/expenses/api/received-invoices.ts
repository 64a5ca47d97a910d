import { apiFetch } from "@client/lib/api-client";
import {
  type ConfirmSupplierInvoiceInput,
  type RefuseReceivedInvoiceInput,
  receivedInvoiceDto,
} from "@shared/schemas/einvoicing";
import { expenseDto } from "@shared/schemas/expenses";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { expensesRootKey, onExpensesChanged } from "./expenses-keys";
import { expenseQueryOptions } from "./get-expense";

/** « Factures reçues »: under the expenses key, so confirming one (a new expense) refreshes both. */
export const receivedInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...expensesRootKey, "received"],
    queryFn: ({ signal }) =>
      apiFetch("/api/einvoicing/inbox", { schema: z.array(receivedInvoiceDto), signal }),
    // The job loop takes new ones every minute.
    refetchInterval: 60_000,
  });

export const useReceivedInvoices = () => useQuery(receivedInvoicesQueryOptions());

const inboxPath = (id: string, action: "confirm" | "refuse") =>
  `/api/einvoicing/inbox/${encodeURIComponent(id)}/${action}`;

export function useConfirmReceivedInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, input }: { id: string; input: ConfirmSupplierInvoiceInput }) =>
      apiFetch(inboxPath(id, "confirm"), { method: "POST", body: input, schema: expenseDto }),
    onSuccess: (expense) => {
      queryClient.setQueryData(expenseQueryOptions(expense.id).queryKey, expense);
      return onExpensesChanged(queryClient);
    },
  });
}

export function useRefuseReceivedInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, input }: { id: string; input: RefuseReceivedInvoiceInput }) =>
      apiFetch<void>(inboxPath(id, "refuse"), { method: "POST", body: input }),
    onSuccess: () => onExpensesChanged(queryClient),
  });
}
