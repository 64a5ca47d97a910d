import { apiFetch } from "@client/lib/api-client";
import { einvoiceStatusEventDto } from "@shared/schemas/einvoicing";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { invoicesQueryKey } from "./get-invoices";

const statusEvents = z.array(einvoiceStatusEventDto);
const base = (id: string) => `/api/einvoicing/invoices/${encodeURIComponent(id)}`;

/** The invoice's lifecycle on the plateforme agréée; the server asks the platform for news first. */
export const einvoiceStatusesQuery = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, "einvoicing", id],
    queryFn: ({ signal }) => apiFetch(`${base(id)}/statuses`, { signal, schema: statusEvents }),
  });

export const useEinvoiceStatuses = (id: string) => useQuery(einvoiceStatusesQuery(id));

export function useSendToPlatform(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${base(id)}/send`, { method: "POST", schema: statusEvents }),
    onSuccess: (events) => queryClient.setQueryData(einvoiceStatusesQuery(id).queryKey, events),
  });
}
