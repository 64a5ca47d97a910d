import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { CircleAlert, Download, ExternalLink, LoaderCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type OutboxEmail, outboxAttachmentUrl, useOutboxEmail } from "../api/get-outbox-email";
import { formatDateTime, formatSize, statusLabel, transportLabel } from "./mailbox-format";

type Part = "html" | "text";

export function EmailViewer({ id }: { id: string }) {
  const query = useOutboxEmail(id);

  if (query.isPending) {
    return (
      <div
        role="status"
        className="flex min-h-80 items-center justify-center gap-3 text-sm text-muted-foreground"
      >
        <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
        Chargement de l'e-mail…
      </div>
    );
  }
  if (query.isError) {
    const isGone = isApiError(query.error) && query.error.status === 404;
    return (
      <div role="alert" className="flex min-h-80 flex-col items-center justify-center gap-2 px-6 text-center">
        <CircleAlert className="size-6 text-danger" aria-hidden="true" />
        <p className="font-medium">
          {isGone ? "Cet e-mail n'existe plus." : "L'e-mail n'a pas pu être chargé."}
        </p>
        {!isGone && <p className="text-sm text-muted-foreground">{query.error.message}</p>}
      </div>
    );
  }
  // Keyed by id: the HTML/text choice starts over for each message.
  return <EmailContent key={query.data.id} email={query.data} />;
}

function EmailContent({ email }: { email: OutboxEmail }) {
  const [part, setPart] = useState<Part>("html");
  // The API addresses an attachment by its position in the message.
  const attachments = email.attachments.map((attachment, index) => ({
    ...attachment,
    href: outboxAttachmentUrl(email.id, index),
  }));

  return (
    <article className="flex min-w-0 flex-col">
      <header className="space-y-4 border-b p-5">
        <h2 className="text-lg font-semibold text-balance break-words">{email.subject}</h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">À</dt>
          <dd className="break-all font-medium">{email.to}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>
            <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
          </dd>
          <dt className="text-muted-foreground">Envoi</dt>
          <dd className="flex flex-wrap items-center gap-2">
            {transportLabel[email.transport]}
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs font-medium",
                email.status === "sent" && "bg-accent text-accent-foreground",
                email.status === "failed" && "bg-danger/10 text-danger",
                email.status === "pending" && "bg-muted text-muted-foreground",
              )}
            >
              {statusLabel[email.status]}
            </span>
          </dd>
        </dl>
        {email.error && (
          <p
            role="alert"
            className="rounded-lg border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {email.error}
          </p>
        )}
        {email.links.length > 0 && (
          <div className="rounded-lg bg-muted/60 p-3">
            <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Liens du message
            </h3>
            <ul className="mt-2 space-y-1.5">
              {email.links.map((link) => (
                <li key={link}>
                  <a
                    href={link}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex max-w-full items-start gap-1.5 text-sm break-all text-primary underline-offset-2 hover:underline"
                  >
                    <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {attachments.length > 0 && (
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Pièces jointes
            </h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {attachments.map((attachment) => (
                <li key={attachment.href} className="min-w-0 max-w-full">
                  <a
                    href={attachment.href}
                    download={attachment.filename}
                    className="flex max-w-full items-center gap-2 rounded-lg border bg-surface px-3 py-2 text-sm shadow-sm transition-colors hover:bg-muted"
                  >
                    <Download className="size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span className="min-w-0 truncate font-medium">{attachment.filename}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {formatSize(attachment.size)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </header>

      <div className="flex items-center justify-between gap-3 border-b px-5 py-2.5">
        <span className="text-sm text-muted-foreground">Contenu</span>
        <fieldset className="inline-flex rounded-lg bg-muted p-0.5 text-sm">
          <legend className="sr-only">Format affiché</legend>
          <PartButton isActive={part === "html"} onClick={() => setPart("html")}>
            HTML
          </PartButton>
          <PartButton isActive={part === "text"} onClick={() => setPart("text")}>
            Texte
          </PartButton>
        </fieldset>
      </div>

      {part === "html" ? (
        // sandbox="" : no script, no form, no same-origin access; the links above are the clickable ones.
        <iframe
          title={`Aperçu HTML : ${email.subject}`}
          sandbox=""
          srcDoc={email.html}
          className="h-[44rem] w-full rounded-b-xl bg-white"
        />
      ) : (
        <pre className="min-h-80 overflow-x-auto p-5 font-mono text-sm leading-6 break-words whitespace-pre-wrap">
          {email.text ?? "Cet e-mail n'a pas de partie texte."}
        </pre>
      )}
    </article>
  );
}

function PartButton({
  isActive,
  onClick,
  children,
}: {
  isActive: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isActive}
      onClick={onClick}
      className={cn(
        "rounded-md px-3 py-1 font-medium transition-colors",
        isActive ? "bg-surface text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </button>
  );
}
