import { apiFetch } from "@client/lib/api-client";
import { einvoiceStatusEventDto, pendingDepositDto } from "@shared/schemas/einvoicing";
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

/** A deposit the platform has not taken yet (an outage): the job loop tries again on its own. */
export const pendingDepositQuery = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, "einvoicing", id, "deposit"],
    queryFn: ({ signal }) =>
      apiFetch(`${base(id)}/deposit`, { signal, schema: pendingDepositDto.nullable() }),
  });

export const usePendingDeposit = (id: string) => useQuery(pendingDepositQuery(id));

export function useSendToPlatform(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${base(id)}/send`, { method: "POST", schema: statusEvents }),
    onSuccess: (events) => {
      queryClient.setQueryData(einvoiceStatusesQuery(id).queryKey, events);
      void queryClient.invalidateQueries({ queryKey: pendingDepositQuery(id).queryKey });
    },
  });
}
