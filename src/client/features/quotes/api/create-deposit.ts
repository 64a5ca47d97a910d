import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import type { InvoiceDto } from "@shared/schemas/invoices";
import type { CreateDepositInput } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** A « facture d'acompte » draft for a share of a sent or accepted quote; answers the invoice. */
export function createDeposit({ id, input }: { id: string; input: CreateDepositInput }) {
  return apiFetch<InvoiceDto>(`/api/quotes/${encodeURIComponent(id)}/deposit`, {
    method: "POST",
    body: input,
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: createDeposit,
    onSuccess: async () => {
      window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: "invoices" } }));
      await queryClient.invalidateQueries({ queryKey: ["invoices"] });
    },
  });
}
