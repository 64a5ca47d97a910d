import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { apiFetch } from "@client/lib/api-client";
import type { GeneratedDocument } from "@shared/schemas/assistant";
import type { InvoiceDto } from "@shared/schemas/invoices";
import type { QuoteDto } from "@shared/schemas/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshRecords } from "./assistant-changes";

export type SendableKind = Exclude<GeneratedDocument["kind"], "contract">;

type SendInput = { kind: SendableKind; id: string; to: string | undefined; message: string };

const recordTypes: Record<SendableKind, string> = { invoice: "invoices", quote: "quotes" };

/**
 * E-mails a generated invoice or quote with its PDF. A generated invoice is a draft: sending issues it
 * first (issueDraft), which the send dialog has the user confirm, as on the invoice page. Resolves with
 * the number the document has once sent.
 */
export async function sendGeneratedDocument({ kind, id, to, message }: SendInput): Promise<string | null> {
  const path = `/api/${recordTypes[kind]}/${encodeURIComponent(id)}/send`;
  if (kind === "quote") {
    const quote = await apiFetch<QuoteDto>(path, { method: "POST", body: { to, message } });
    return quote.quoteNumber;
  }
  const invoice = await apiFetch<InvoiceDto>(path, {
    method: "POST",
    body: { to, message, issueDraft: true },
  });
  return invoice.invoiceNumber;
}

export function useSendGeneratedDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGeneratedDocument,
    // Its dialog shows 'Erreur d'envoi' with the server's message.
    meta: { handlesErrors: true },
    onSuccess: (_sent, { kind }) => {
      refreshRecords(queryClient, recordTypes[kind]);
      window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { type: recordTypes[kind] } }));
    },
  });
}
