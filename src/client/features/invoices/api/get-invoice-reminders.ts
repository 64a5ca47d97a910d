import { apiFetch } from "@client/lib/api-client";
import type { InvoiceReminderDto } from "@shared/schemas/invoices";
import { useQuery } from "@tanstack/react-query";
import { invoicesQueryKey } from "./get-invoices";

/** The invoice's 7 / 3 / 0-day reminders; under the invoices' key, so a payment or a cancellation refreshes them. */
export function useInvoiceReminders(id: string) {
  return useQuery({
    queryKey: [...invoicesQueryKey, "detail", id, "reminders"],
    queryFn: ({ signal }) =>
      apiFetch<{ items: InvoiceReminderDto[] }>(`/api/invoices/${encodeURIComponent(id)}/reminders`, {
        signal,
      }).then((answer) => answer.items),
  });
}
