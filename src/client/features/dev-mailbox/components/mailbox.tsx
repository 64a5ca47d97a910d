import { buttonStyles } from "@client/components/ui/button-styles";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, FlaskConical, Inbox, RefreshCw } from "lucide-react";
import { useRef } from "react";
import { useSearchParams } from "react-router";
import { devMailboxKey, useOutboxEmails } from "../api/get-outbox-emails";
import { EmailList } from "./email-list";
import { EmailViewer } from "./email-viewer";

// Below Tailwind's `lg` the panes are stacked: picking an e-mail scrolls to it.
const STACKED_QUERY = "(max-width: 63.999rem)";

/**
 * The local outbox (/dev/mailbox): what Ardoise would have sent, for a developer without SMTP. The selected
 * e-mail lives in `?id=`, the link the server prints in the terminal; without one, the newest is shown.
 */
export function Mailbox() {
  const emails = useOutboxEmails();
  const queryClient = useQueryClient();
  const isRefreshing = useIsFetching({ queryKey: devMailboxKey }) > 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const viewerRef = useRef<HTMLElement>(null);

  const selectedId = searchParams.get("id") ?? emails.data?.[0]?.id;
  const count = emails.data?.length ?? 0;

  function select(id: string) {
    setSearchParams({ id }, { replace: true, preventScrollReset: true });
    if (window.matchMedia(STACKED_QUERY).matches) {
      viewerRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Boîte d'envoi locale</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {emails.isSuccess &&
              (count === 0
                ? "Aucun e-mail"
                : count === 1
                  ? "1 e-mail"
                  : `${count} e-mails, les plus récents d'abord`)}
          </p>
        </div>
        <button
          type="button"
          onClick={() => queryClient.invalidateQueries({ queryKey: devMailboxKey })}
          disabled={isRefreshing}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <RefreshCw className={cn(isRefreshing && "animate-spin")} aria-hidden="true" />
          Actualiser
        </button>
      </div>

      <div className="mt-5 flex gap-3 rounded-xl border border-primary/20 bg-accent px-4 py-3 text-sm text-accent-foreground">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <span className="font-semibold">Outil de développement.</span> Sans{" "}
          <code className="font-mono">SMTP_URL</code>, Ardoise n'envoie aucun e-mail : il les enregistre ici
          et affiche leurs liens dans le terminal. Cette page n'existe pas en production.
        </p>
      </div>

      {emails.isPending ? (
        <ListSkeleton />
      ) : emails.isError ? (
        <div
          role="alert"
          className="mt-6 flex flex-col items-center gap-3 rounded-xl border bg-surface px-6 py-14 text-center shadow-sm"
        >
          <CircleAlert className="size-7 text-danger" aria-hidden="true" />
          <p className="font-medium">
            {isApiError(emails.error) && emails.error.status === 404
              ? "La boîte d'envoi locale n'est pas disponible sur ce serveur (elle est fermée en production)."
              : "La boîte d'envoi n'a pas pu être chargée."}
          </p>
          <p className="text-sm text-muted-foreground">{emails.error.message}</p>
          <button type="button" onClick={() => emails.refetch()} className={buttonStyles({ size: "sm" })}>
            Réessayer
          </button>
        </div>
      ) : count === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed bg-surface px-6 py-16 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Inbox className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 font-semibold">Aucun e-mail pour l'instant</p>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">
            Les e-mails d'Ardoise (confirmation d'adresse, mot de passe oublié, reçu de paiement…)
            apparaîtront ici dès qu'ils seront envoyés.
          </p>
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <section
            aria-label="E-mails"
            className="overflow-hidden rounded-xl border bg-surface shadow-sm lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
          >
            <EmailList emails={emails.data} selectedId={selectedId} onSelect={select} />
          </section>
          <section
            ref={viewerRef}
            aria-label="E-mail sélectionné"
            className="min-w-0 scroll-mt-4 rounded-xl border bg-surface shadow-sm"
          >
            {selectedId && <EmailViewer id={selectedId} />}
          </section>
        </div>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Chargement des e-mails"
      className="mt-6 grid gap-4 lg:grid-cols-[22rem_1fr]"
    >
      <div className="space-y-px overflow-hidden rounded-xl border bg-surface">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-2 px-4 py-3">
            <div className="h-3.5 w-2/3 animate-pulse rounded bg-muted" />
            <div className="h-3 w-5/6 animate-pulse rounded bg-muted" />
          </div>
        ))}
      </div>
      <div className="hidden h-96 animate-pulse rounded-xl border bg-surface lg:block" />
    </div>
  );
}
