import {
  DocumentLoadFailure,
  DocumentLoading,
  DocumentPage,
} from "@client/components/documents/document-page";
import { buttonStyles } from "@client/components/ui/button-styles";
import { DownloadButton } from "@client/components/ui/download-button";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { QuoteDto } from "@shared/schemas/quotes";
import {
  Check,
  CircleAlert,
  Copy,
  FileOutput,
  FileText,
  HandCoins,
  LoaderCircle,
  Mail,
  Pencil,
  Send,
  Trash2,
  X,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useAcceptQuote } from "../api/accept-quote";
import { useConvertQuote } from "../api/convert-quote";
import { useDeleteQuote } from "../api/delete-quote";
import { useDuplicateQuote } from "../api/duplicate-quote";
import { quotePdfHref, useQuote } from "../api/get-quote";
import { useMarkQuoteSent } from "../api/mark-quote-sent";
import { useRefuseQuote } from "../api/refuse-quote";
import { DepositDialog } from "./deposit-dialog";
import { QuoteDocument } from "./quote-document";
import { QuoteStatusBadge } from "./quote-status-badge";
import { SendQuoteDialog } from "./send-quote-dialog";

const SEND_ACTION = "send";

/** Issue 4: a refused or expired quote is over (duplicate it); the others can be e-mailed, again too. */
const canBeSent = (quote: QuoteDto) => quote.status !== "refusé" && quote.status !== "expiré";

/**
 * /app/quotes/:id — the quote, its status actions, the link to its invoice, and its history. `after` comes
 * under the page once the quote is read (the client-link panel: nothing to share for an unknown one).
 */
export function QuoteDetail({ id, after }: { id: string; after?: ReactNode }) {
  const { data: quote, isPending, error, refetch } = useQuote(id);
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(quote ? `Devis ${quote.quoteNumber}` : "Devis");
  if (isPending) return <DocumentLoading label="Chargement du devis" />;
  if (error) return <DocumentLoadFailure kind="quote" error={error} onRetry={() => refetch()} />;

  return (
    <>
      <DocumentPage
        backTo={paths.app.quotes.list}
        backLabel="Devis"
        title={`Devis ${quote.quoteNumber}`}
        badge={<QuoteStatusBadge status={quote.status} />}
        subtitle={`${quote.clientName} · ${formatMoney(quote.totalCents)} TTC`}
        actions={
          <QuoteActions
            quote={quote}
            isSendRequested={searchParams.get("action") === SEND_ACTION}
            onSendClosed={() =>
              setSearchParams(
                (current) => {
                  const params = new URLSearchParams(current);
                  params.delete("action");
                  return params;
                },
                { replace: true },
              )
            }
          />
        }
      >
        <StatusNotice quote={quote} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <QuoteDocument quote={quote} />
          <QuoteHistory quote={quote} />
        </div>
      </DocumentPage>
      {after}
    </>
  );
}

function QuoteActions({
  quote,
  isSendRequested,
  onSendClosed,
}: {
  quote: QuoteDto;
  /** `?action=send` (links from the assistant, like invoices) opens the send dialog at once. */
  isSendRequested: boolean;
  onSendClosed: () => void;
}) {
  const navigate = useNavigate();
  const markSent = useMarkQuoteSent();
  const accept = useAcceptQuote();
  const refuse = useRefuseQuote();
  const convert = useConvertQuote();
  const duplicate = useDuplicateQuote();
  const remove = useDeleteQuote();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isAskingDeposit, setAskingDeposit] = useState(false);
  const [isSending, setSending] = useState(isSendRequested && canBeSent(quote));
  const isBusy =
    markSent.isPending ||
    accept.isPending ||
    refuse.isPending ||
    convert.isPending ||
    duplicate.isPending ||
    remove.isPending;

  const run = (action: () => Promise<unknown>, success: string) => async () => {
    try {
      await action();
      toast.success(success);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Une erreur est survenue.");
    }
  };

  const onConvert = async () => {
    try {
      const invoice = await convert.mutateAsync(quote.id);
      toast.success("Facture brouillon créée à partir du devis");
      navigate(paths.app.invoices.detail(invoice.id));
    } catch (error) {
      // Already converted: the server names the existing invoice; go there instead.
      const existing = isApiError(error)
        ? error.issues?.find((issue) => issue.path === "invoiceId")
        : undefined;
      if (existing) {
        toast.info(error instanceof Error ? error.message : "Ce devis a déjà été converti.");
        navigate(paths.app.invoices.detail(existing.message));
        return;
      }
      toast.error(error instanceof Error ? error.message : "Une erreur est survenue.");
    }
  };

  const onDuplicate = async () => {
    try {
      const copy = await duplicate.mutateAsync(quote.id);
      toast.success(`Devis ${copy.quoteNumber} créé`, {
        description: `Copie du devis ${quote.quoteNumber}, à modifier avant de l'envoyer.`,
      });
      navigate(paths.app.quotes.detail(copy.id));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Une erreur est survenue.");
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(quote.id);
      toast.success(`Devis ${quote.quoteNumber} supprimé`);
      navigate(paths.app.quotes.list);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Une erreur est survenue.");
    }
  };

  const sendButton = (variant: "primary" | "secondary") => (
    <button
      key="email"
      type="button"
      disabled={isBusy}
      onClick={() => setSending(true)}
      className={buttonStyles({ variant })}
    >
      <Mail aria-hidden="true" />
      Envoyer par e-mail
    </button>
  );

  const actions: ReactNode[] = [];
  if (quote.status === "brouillon") {
    actions.push(
      sendButton("primary"),
      <button
        key="mark-sent"
        type="button"
        disabled={isBusy}
        onClick={run(() => markSent.mutateAsync(quote.id), "Devis marqué comme envoyé")}
        className={buttonStyles({ variant: "secondary" })}
      >
        {markSent.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Marquer comme envoyé
      </button>,
      <Link
        key="edit"
        to={paths.app.quotes.edit(quote.id)}
        className={buttonStyles({ variant: "secondary" })}
      >
        <Pencil aria-hidden="true" />
        Modifier
      </Link>,
    );
  }
  if (quote.status === "envoyé") {
    actions.push(
      <button
        key="accept"
        type="button"
        disabled={isBusy}
        onClick={run(() => accept.mutateAsync(quote.id), "Devis accepté")}
        className={buttonStyles()}
      >
        {accept.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Check aria-hidden="true" />
        )}
        Marquer comme accepté
      </button>,
    );
  }
  if (quote.status === "envoyé" || quote.status === "expiré") {
    actions.push(
      <button
        key="refuse"
        type="button"
        disabled={isBusy}
        onClick={run(() => refuse.mutateAsync(quote.id), "Devis marqué comme refusé")}
        className={buttonStyles({ variant: "secondary" })}
      >
        <X aria-hidden="true" />
        Marquer comme refusé
      </button>,
    );
  }
  if (quote.status === "accepté") {
    actions.push(
      quote.invoice ? (
        <Link key="invoice" to={paths.app.invoices.detail(quote.invoice.id)} className={buttonStyles()}>
          <FileText aria-hidden="true" />
          Voir la facture
        </Link>
      ) : (
        <button key="convert" type="button" disabled={isBusy} onClick={onConvert} className={buttonStyles()}>
          {convert.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <FileOutput aria-hidden="true" />
          )}
          Convertir en facture
        </button>
      ),
    );
  }
  // A deposit is asked once the quote is sent or signed, until the final invoice is made.
  if ((quote.status === "envoyé" || quote.status === "accepté") && !quote.invoice)
    actions.push(
      <button
        key="deposit"
        type="button"
        disabled={isBusy}
        onClick={() => setAskingDeposit(true)}
        className={buttonStyles({ variant: "secondary" })}
      >
        <HandCoins aria-hidden="true" />
        Facture d'acompte
      </button>,
    );
  if (quote.status === "envoyé" || quote.status === "accepté") actions.push(sendButton("secondary"));
  actions.push(
    <button
      key="duplicate"
      type="button"
      disabled={isBusy}
      onClick={onDuplicate}
      // An expired or refused quote is over: offering it again is what is left to do.
      className={buttonStyles({ variant: canBeSent(quote) ? "secondary" : "primary" })}
    >
      {duplicate.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <Copy aria-hidden="true" />
      )}
      Dupliquer
    </button>,
    <DownloadButton
      key="pdf"
      href={quotePdfHref(quote.id)}
      fallbackFilename={`Devis-${quote.quoteNumber}.pdf`}
      label="Télécharger le PDF"
    />,
  );
  if (quote.status === "brouillon") {
    actions.push(
      isConfirmingDelete ? (
        <span key="delete" className="flex gap-2">
          <button
            type="button"
            disabled={isBusy}
            onClick={onDelete}
            className={buttonStyles({
              className: "bg-danger text-white hover:bg-danger/90 dark:text-background",
            })}
          >
            {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Confirmer la suppression
          </button>
          <button
            type="button"
            onClick={() => setConfirmingDelete(false)}
            className={buttonStyles({ variant: "ghost" })}
          >
            Annuler
          </button>
        </span>
      ) : (
        <button
          key="delete"
          type="button"
          disabled={isBusy}
          onClick={() => setConfirmingDelete(true)}
          className={buttonStyles({ variant: "ghost", className: "text-danger hover:bg-danger/10" })}
        >
          <Trash2 aria-hidden="true" />
          Supprimer
        </button>
      ),
    );
  }
  return (
    <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
      {actions}
      <DepositDialog quote={quote} isOpen={isAskingDeposit} onOpenChange={setAskingDeposit} />
      {canBeSent(quote) ? (
        <SendQuoteDialog
          quote={quote}
          isOpen={isSending}
          onOpenChange={(isOpen) => {
            setSending(isOpen);
            if (!isOpen) onSendClosed();
          }}
        />
      ) : null}
    </div>
  );
}

function StatusNotice({ quote }: { quote: QuoteDto }) {
  if (quote.status === "expiré")
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm"
      >
        <CircleAlert className="size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        <p>
          Ce devis a expiré le {formatDate(quote.validUntil)} : il ne peut plus être accepté. Dupliquez-le
          pour proposer une nouvelle offre au client.
        </p>
      </div>
    );
  if (quote.status === "accepté" && quote.invoice)
    return (
      <p className="flex items-center gap-2 text-sm">
        <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
        Converti en{" "}
        <Link
          to={paths.app.invoices.detail(quote.invoice.id)}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {quote.invoice.invoiceNumber ? `facture ${quote.invoice.invoiceNumber}` : "facture (brouillon)"}
        </Link>
        .
      </p>
    );
  return null;
}

function QuoteHistory({ quote }: { quote: QuoteDto }) {
  const events = [
    { label: "Créé", at: quote.createdAt },
    // Sending again moves sent_at: the history shows the last sending.
    { label: "Envoyé au client", at: quote.sentAt },
    { label: "Accepté", at: quote.acceptedAt },
    { label: "Refusé", at: quote.refusedAt },
  ].filter((event): event is { label: string; at: string } => Boolean(event.at));
  return (
    <section aria-labelledby="quote-history" className="h-fit rounded-2xl border bg-surface p-4 shadow-sm">
      <h2 id="quote-history" className="text-sm font-semibold">
        Historique
      </h2>
      <ol className="mt-3 space-y-3 text-sm">
        {events.map((event, index) => (
          <li key={event.label} className="flex gap-3">
            <span
              className={cn(
                "mt-1.5 size-2 shrink-0 rounded-full bg-muted-foreground/40",
                index === events.length - 1 && "bg-primary",
              )}
              aria-hidden="true"
            />
            <span>
              <span className="font-medium">{event.label}</span>
              <span className="block text-xs text-muted-foreground">{formatDate(event.at)}</span>
            </span>
          </li>
        ))}
        <li className="flex gap-3 text-muted-foreground">
          <span
            className="mt-1.5 size-2 shrink-0 rounded-full border border-muted-foreground/40"
            aria-hidden="true"
          />
          <span>
            Valable jusqu'au
            <span className="block text-xs">{formatDate(quote.validUntil)}</span>
          </span>
        </li>
      </ol>
    </section>
  );
}
