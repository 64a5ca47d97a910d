import { apiFetch } from "@client/lib/api-client";
import {
  type ChooseMailchimpAudienceInput,
  type ConnectMailchimpInput,
  type MailchimpStatusDto,
  mailchimpAudiencesDto,
  mailchimpStatusDto,
  mailchimpSyncResultDto,
} from "@shared/schemas/mailchimp";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const PATH = "/api/integrations/mailchimp";

const mailchimpQuery = queryOptions({
  queryKey: ["integrations", "mailchimp"],
  queryFn: ({ signal }) => apiFetch(PATH, { schema: mailchimpStatusDto, signal }),
});

export function useMailchimp() {
  return useQuery(mailchimpQuery);
}

/** Read from Mailchimp itself, only while the user is choosing. */
export function useMailchimpAudiences(isEnabled: boolean) {
  return useQuery({
    queryKey: ["integrations", "mailchimp", "audiences"],
    queryFn: ({ signal }) => apiFetch(`${PATH}/audiences`, { schema: mailchimpAudiencesDto, signal }),
    enabled: isEnabled,
  });
}

/** Each change answers the card's new state; a failed one may have recorded an error, so it refetches. */
function useMailchimpChange<Input>(change: (input: Input) => Promise<MailchimpStatusDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: change,
    onSuccess: (status) => queryClient.setQueryData(mailchimpQuery.queryKey, status),
    onError: () => queryClient.invalidateQueries({ queryKey: mailchimpQuery.queryKey }),
  });
}

export const useConnectMailchimp = () =>
  useMailchimpChange((body: ConnectMailchimpInput) =>
    apiFetch(PATH, { method: "POST", body, schema: mailchimpStatusDto }),
  );

export const useChooseMailchimpAudience = () =>
  useMailchimpChange((body: ChooseMailchimpAudienceInput) =>
    apiFetch(`${PATH}/audience`, { method: "PUT", body, schema: mailchimpStatusDto }),
  );

export const useDisconnectMailchimp = () =>
  useMailchimpChange(() => apiFetch(PATH, { method: "DELETE", schema: mailchimpStatusDto }));

export function useSyncMailchimp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => apiFetch(`${PATH}/sync`, { method: "POST", schema: mailchimpSyncResultDto }),
    onSuccess: (result) => queryClient.setQueryData(mailchimpQuery.queryKey, result.status),
    onError: () => queryClient.invalidateQueries({ queryKey: mailchimpQuery.queryKey }),
  });
}
