import { apiFetch } from "@client/lib/api-client";
import { registrationInvoiceDto } from "@shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The invoice of the user's 59 € registration, issued by the operator of this Ardoise (issue 31 item 23). */
export const registrationInvoiceQuery = queryOptions({
  queryKey: ["settings", "registration-invoice"],
  queryFn: ({ signal }) =>
    apiFetch("/api/settings/registration-invoice", { schema: registrationInvoiceDto, signal }),
  // Issued once and never changed.
  staleTime: Number.POSITIVE_INFINITY,
});

export const useRegistrationInvoice = () => useQuery(registrationInvoiceQuery);
