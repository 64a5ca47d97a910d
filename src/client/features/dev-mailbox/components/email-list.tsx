import { cn } from "@client/lib/cn";
import { Paperclip } from "lucide-react";
import type { OutboxEmailSummary } from "../api/get-outbox-emails";
import { formatDateTime, formatListDate, statusLabel } from "./mailbox-format";

type EmailListProps = {
  emails: OutboxEmailSummary[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
};

export function EmailList({ emails, selectedId, onSelect }: EmailListProps) {
  return (
    <ul className="divide-y">
      {emails.map((email) => {
        const isSelected = email.id === selectedId;
        return (
          <li key={email.id}>
            <button
              type="button"
              onClick={() => onSelect(email.id)}
              aria-current={isSelected ? "true" : undefined}
              className={cn(
                "relative block w-full px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:-outline-offset-2",
                isSelected && "bg-accent hover:bg-accent",
              )}
            >
              {isSelected && (
                <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 rounded-r bg-primary" />
              )}
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate text-sm font-semibold">{email.to}</span>
                <time
                  dateTime={email.createdAt}
                  title={formatDateTime(email.createdAt)}
                  className="shrink-0 text-xs text-muted-foreground"
                >
                  {formatListDate(email.createdAt)}
                </time>
              </span>
              <span
                className={cn(
                  "mt-1 block truncate text-sm",
                  isSelected ? "text-accent-foreground" : "text-muted-foreground",
                )}
              >
                {email.subject}
              </span>
              {(email.attachments.length > 0 || email.status !== "sent" || email.transport === "smtp") && (
                <span className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                  {email.status !== "sent" && (
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 font-medium",
                        email.status === "failed"
                          ? "bg-danger/10 text-danger"
                          : "bg-muted text-muted-foreground",
                      )}
                    >
                      {statusLabel[email.status]}
                    </span>
                  )}
                  {email.transport === "smtp" && (
                    <span className="rounded-full border px-2 py-0.5 font-medium text-muted-foreground">
                      SMTP
                    </span>
                  )}
                  {email.attachments.length > 0 && (
                    <span className="inline-flex items-center gap-1 text-muted-foreground">
                      <Paperclip className="size-3.5" aria-hidden="true" />
                      {email.attachments.length === 1
                        ? "1 pièce jointe"
                        : `${email.attachments.length} pièces jointes`}
                    </span>
                  )}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
