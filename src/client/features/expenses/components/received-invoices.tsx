import { Badge } from "@client/components/data-list/badge";
import { LoadError } from "@client/components/load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { DialogContent } from "@client/components/ui/dialog-content";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { parisToday } from "@shared/domain/dates";
import { EINVOICE_STATUSES } from "@shared/domain/einvoicing";
import { formatDate, formatMoney, formatParisDateTime } from "@shared/format";
import { paths } from "@shared/paths";
import type { ReceivedInvoiceDto } from "@shared/schemas/einvoicing";
import { ArrowLeft, Inbox } from "lucide-react";
import { Dialog } from "radix-ui";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  useConfirmReceivedInvoice,
  useReceivedInvoices,
  useRefuseReceivedInvoice,
} from "../api/received-invoices";
import { ConfirmSupplierInvoiceDialog } from "./supplier-invoice-import";

/**
 * « Factures reçues » (issue 13 §2): the supplier e-invoices the plateforme agréée delivered for the user's
 * SIREN, the waiting ones first. Accepting one makes the expense (the file is its receipt) and answers
 * « Approuvée » to the supplier; refusing sends « Refusée » with the reason.
 */
export function ReceivedInvoices() {
  useDocumentTitle("Factures reçues");
  const { data, isPending, isError, error, refetch } = useReceivedInvoices();
  const confirm = useConfirmReceivedInvoice();
  const [accepting, setAccepting] = useState<ReceivedInvoiceDto | null>(null);
  const [refusing, setRefusing] = useState<ReceivedInvoiceDto | null>(null);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <Link
          to={paths.app.expenses.list}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Dépenses
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Factures reçues</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Les factures électroniques déposées pour votre SIREN dans le dossier de réception configuré sur le
          serveur (aucune plateforme agréée n'est encore connectée). Acceptez-en une pour créer la dépense (la
          facture devient son justificatif) ou refusez-la avec un motif, enregistré avec sa réponse.
        </p>
      </div>
      {isPending ? (
        <div className="h-48 animate-pulse rounded-2xl bg-muted" />
      ) : isError ? (
        <LoadError
          title="Impossible de charger les factures reçues"
          message={error.message}
          onRetry={() => refetch()}
        />
      ) : data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border bg-surface px-4 py-12 text-center">
          <Inbox className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Aucune facture reçue pour l'instant</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Elles apparaissent ici quand un fichier arrive dans le dossier de réception, pour le SIREN de
            votre profil. Vous pouvez aussi importer une facture depuis la page Dépenses.
          </p>
        </div>
      ) : (
        <ul aria-label="Factures reçues" className="space-y-3">
          {data.map((item) => (
            <ReceivedInvoiceCard
              key={item.id}
              item={item}
              onAccept={() => setAccepting(item)}
              onRefuse={() => setRefusing(item)}
            />
          ))}
        </ul>
      )}
      <ConfirmSupplierInvoiceDialog
        target={
          accepting?.preview
            ? {
                preview: accepting.preview,
                submit: (input) => confirm.mutateAsync({ id: accepting.id, input }),
              }
            : null
        }
        onClose={() => setAccepting(null)}
        isPending={confirm.isPending}
      />
      <RefuseDialog item={refusing} onClose={() => setRefusing(null)} />
    </div>
  );
}

function ReceivedInvoiceCard({
  item,
  onAccept,
  onRefuse,
}: {
  item: ReceivedInvoiceDto;
  onAccept: () => void;
  onRefuse: () => void;
}) {
  const invoice = item.preview?.invoice;
  const supplier = invoice?.supplier.name ?? item.supplier ?? item.fileName;
  const number = invoice?.number ?? item.number;
  const issueDate = invoice?.issueDate ?? item.issueDate;
  const grossCents = invoice?.totals.grossCents ?? item.grossCents;
  const isWaiting = item.status === "mise_a_disposition";
  return (
    <li className="rounded-2xl border bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{supplier}</p>
          <p className="text-sm text-muted-foreground">
            {number ? `Facture n° ${number}` : item.fileName}
            {issueDate ? ` du ${formatDate(issueDate)}` : ""} · reçue le{" "}
            {formatDate(parisToday(new Date(item.receivedAt)))}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {grossCents !== null ? <p className="font-medium tabular-nums">{formatMoney(grossCents)}</p> : null}
          <Badge tone={EINVOICE_STATUSES[item.status].tone}>{item.statusLabel}</Badge>
        </div>
      </div>
      {item.error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {item.error}
        </p>
      ) : null}
      {item.status === "refusee" && item.reason ? (
        <p className="mt-2 text-sm text-muted-foreground">Motif du refus : « {item.reason} »</p>
      ) : null}
      {item.answerFailure ? (
        <p role="status" className="mt-2 text-sm text-danger">
          Votre réponse n'a pas encore pu être écrite dans le dossier de réception
          {item.answerFailure.nextTryAt
            ? ` ; nouvel essai automatique le ${formatParisDateTime(item.answerFailure.nextTryAt)}`
            : " malgré plusieurs essais ; elle reste enregistrée ici"}
          . Détail : {item.answerFailure.message}
        </p>
      ) : null}
      {item.status === "approuvee" && item.expenseId ? (
        <Link
          to={paths.app.expenses.detail(item.expenseId)}
          className="mt-2 inline-block text-sm text-primary hover:underline"
        >
          Voir la dépense
        </Link>
      ) : null}
      {isWaiting ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {item.preview ? (
            <button type="button" onClick={onAccept} className={buttonStyles()}>
              Accepter et créer la dépense
            </button>
          ) : null}
          <button type="button" onClick={onRefuse} className={buttonStyles({ variant: "secondary" })}>
            Refuser
          </button>
        </div>
      ) : null}
    </li>
  );
}

function RefuseDialog({ item, onClose }: { item: ReceivedInvoiceDto | null; onClose: () => void }) {
  return (
    <Dialog.Root open={item !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-surface p-5 shadow-2xl outline-none sm:p-6">
          <Dialog.Title className="text-lg font-semibold">Refuser la facture</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Votre réponse « Refusée » et son motif sont écrits à côté de la facture, dans le dossier de
            réception du serveur. Aucune dépense n'est créée.
          </Dialog.Description>
          {item ? <RefuseForm id={item.id} onDone={onClose} /> : null}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RefuseForm({ id, onDone }: { id: string; onDone: () => void }) {
  const refuse = useRefuseReceivedInvoice();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    refuse.mutate(
      { id, input: { reason } },
      {
        onSuccess: () => {
          toast.success("Facture refusée", {
            description: "Votre réponse est enregistrée ; la ligne indique si son écriture a échoué.",
          });
          onDone();
        },
        onError: (error) => {
          const issue = isApiError(error)
            ? error.issues?.find((entry) => entry.path === "reason")
            : undefined;
          if (issue) setReasonError(issue.message);
          else toast.error("Refus impossible", { description: error.message });
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <div className="space-y-1.5">
        <label htmlFor="refuse-reason" className="text-sm font-medium">
          Motif du refus
        </label>
        <textarea
          id="refuse-reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="Prestation non commandée, montant erroné…"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? "refuse-reason-error" : undefined}
          className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
        />
        {reasonError ? (
          <p id="refuse-reason-error" role="alert" className="text-sm text-danger">
            {reasonError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
        <SubmitButton isPending={refuse.isPending}>Refuser la facture</SubmitButton>
      </div>
    </form>
  );
}
