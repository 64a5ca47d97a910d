import { apiFetch } from "@client/lib/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

export const MAILBOX_API = "/api/dev/mailbox";

/** Every query of this feature starts with this key: the refresh button invalidates them all. */
export const devMailboxKey = ["dev-mailbox"] as const;

export const outboxAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type OutboxAttachment = z.infer<typeof outboxAttachment>;

export const outboxEmailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  transport: z.enum(["outbox", "smtp"]),
  status: z.enum(["pending", "sent", "failed"]),
  createdAt: z.string(),
  attachments: z.array(outboxAttachment),
});
export type OutboxEmailSummary = z.infer<typeof outboxEmailSummary>;

const outboxEmailList = z.object({ emails: z.array(outboxEmailSummary) });

export function getOutboxEmails({ signal }: { signal?: AbortSignal } = {}) {
  return apiFetch(MAILBOX_API, { schema: outboxEmailList, signal });
}

export const outboxEmailsQueryOptions = () =>
  queryOptions({
    queryKey: [...devMailboxKey, "list"],
    queryFn: ({ signal }) => getOutboxEmails({ signal }),
    select: (data) => data.emails,
    // A developer comes back from the tab where they signed up: show the mail that just arrived.
    staleTime: 0,
    refetchOnMount: "always",
    refetchOnWindowFocus: true,
  });

export function useOutboxEmails() {
  return useQuery(outboxEmailsQueryOptions());
}
