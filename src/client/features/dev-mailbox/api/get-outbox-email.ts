import { apiFetch } from "@client/lib/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { devMailboxKey, MAILBOX_API, outboxEmailSummary } from "./get-outbox-emails";

export const outboxEmail = outboxEmailSummary.extend({
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  html: z.string(),
  text: z.string().nullable(),
  /** The http(s) links of the text part, clickable outside the sandboxed preview. */
  links: z.array(z.string()),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;

const emailUrl = (id: string) => `${MAILBOX_API}/${encodeURIComponent(id)}`;

export const outboxAttachmentUrl = (id: string, index: number) => `${emailUrl(id)}/attachments/${index}`;

export function getOutboxEmail(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiFetch(emailUrl(id), { schema: outboxEmail, signal });
}

export const outboxEmailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...devMailboxKey, "email", id],
    queryFn: ({ signal }) => getOutboxEmail(id, { signal }),
  });

export function useOutboxEmail(id: string | undefined) {
  return useQuery({ ...outboxEmailQueryOptions(id ?? ""), enabled: Boolean(id) });
}
