import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { InvoiceDto } from "@shared/schemas/invoices";
import {
  Ban,
  Copy,
  Euro,
  FileDown,
  LoaderCircle,
  Mail,
  Pencil,
  ReceiptText,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useCancelInvoice } from "../api/cancel-invoice";
import { useDeleteInvoice } from "../api/delete-invoice";
import { useDuplicateInvoice } from "../api/duplicate-invoice";
import { invoicePdfHref } from "../api/get-invoice";
import { CreditNoteDialog } from "./credit-note-dialog";
import { IssueInvoiceDialog } from "./issue-invoice-dialog";
import { PaymentDialog } from "./payment-dialog";
import { SendInvoiceDialog } from "./send-invoice-dialog";

type Dialog = "issue" | "delete" | "payment" | "refund" | "credit" | "cancel" | "send" | null;

const showError = (error: Error) => toast.error("Une erreur est survenue", { description: error.message });

/**
 * The actions an invoice allows in its status: a draft is edited, issued or deleted; an issued one is paid or
 * cancelled; any invoice but a credit note can be duplicated into a new draft.
 */
export function InvoiceActions({
  invoice,
  onEdit,
  isSendRequested = false,
}: {
  invoice: InvoiceDto;
  onEdit: () => void;
  /** `?action=send` (links from the assistant and the reminders) opens the send dialog at once. */
  isSendRequested?: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(
    isSendRequested && invoice.status !== "annulée" ? "send" : null,
  );
  const { data: settings } = useSellerIdentity();
  const sellerName =
    invoice.seller?.companyName ||
    invoice.seller?.legalName ||
    settings?.identity.companyName ||
    settings?.identity.legalName ||
    "";
  const navigate = useNavigate();
  const remove = useDeleteInvoice();
  const cancel = useCancelInvoice();
  const duplicate = useDuplicateInvoice();
  const close = () => setDialog(null);

  const isDraft = invoice.status === "brouillon";
  const isPayable =
    invoice.kind === "facture" && (invoice.status === "en-attente" || invoice.status === "en-retard");
  // Issued and not cancelled: part of it can still be credited; money received can be given back.
  const isCreditable = invoice.kind === "facture" && !isDraft && invoice.status !== "annulée";
  const isRefundable = invoice.kind === "facture" && !isDraft && invoice.paidCents > 0;

  const onDuplicate = () =>
    duplicate.mutate(invoice.id, {
      onSuccess: (draft) => {
        toast.success("Brouillon créé", {
          description: invoice.invoiceNumber
            ? `Copie de la facture ${invoice.invoiceNumber} : relisez-la avant de l'émettre.`
            : "Copie du brouillon : relisez-la avant de l'émettre.",
        });
        navigate(paths.app.invoices.detail(draft.id));
      },
      onError: showError,
    });

  return (
    <div className="flex flex-wrap gap-2">
      {isDraft ? (
        <>
          <button type="button" onClick={onEdit} className={buttonStyles({ variant: "secondary" })}>
            <Pencil aria-hidden="true" />
            Modifier
          </button>
          <button type="button" onClick={() => setDialog("issue")} className={buttonStyles()}>
            <Send aria-hidden="true" />
            Émettre
          </button>
          <button
            type="button"
            onClick={() => setDialog("delete")}
            className={buttonStyles({ variant: "ghost", className: "text-danger hover:bg-danger/10" })}
          >
            <Trash2 aria-hidden="true" />
            Supprimer
          </button>
        </>
      ) : null}
      {isPayable ? (
        <>
          <button type="button" onClick={() => setDialog("payment")} className={buttonStyles()}>
            <Euro aria-hidden="true" />
            Enregistrer un paiement
          </button>
          {/* The server refuses to cancel an invoice that received payments (refund them first). */}
          {invoice.paidCents === 0 ? (
            <button
              type="button"
              onClick={() => setDialog("cancel")}
              className={buttonStyles({ variant: "secondary" })}
            >
              <Ban aria-hidden="true" />
              Annuler par un avoir
            </button>
          ) : null}
        </>
      ) : null}
      {isCreditable ? (
        <button
          type="button"
          onClick={() => setDialog("credit")}
          className={buttonStyles({ variant: "secondary" })}
        >
          <ReceiptText aria-hidden="true" />
          Avoir partiel
        </button>
      ) : null}
      {isRefundable ? (
        <button
          type="button"
          onClick={() => setDialog("refund")}
          className={buttonStyles({ variant: "secondary" })}
        >
          <Undo2 aria-hidden="true" />
          Rembourser
        </button>
      ) : null}

      <IssueInvoiceDialog
        invoice={invoice}
        isOpen={dialog === "issue"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "issue" : null)}
        onEdit={onEdit}
      />

      <ConfirmDialog
        isOpen={dialog === "delete"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "delete" : null)}
        title="Supprimer ce brouillon ?"
        confirmLabel="Supprimer"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(invoice.id, {
            onSuccess: () => {
              toast.success("Brouillon supprimé");
              navigate(paths.app.invoices.list);
            },
            onError: (error) => {
              close();
              showError(error);
            },
          })
        }
      >
        <p>Le brouillon et ses lignes sont supprimés définitivement. Aucun numéro n'a été attribué.</p>
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={dialog === "cancel"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "cancel" : null)}
        title="Annuler par un avoir ?"
        confirmLabel="Créer l'avoir"
        isDestructive
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(invoice.id, {
            onSuccess: (creditNote) => {
              toast.success(`Avoir ${creditNote.invoiceNumber} créé`, {
                description: `La facture ${invoice.invoiceNumber} est annulée.`,
              });
              close();
              navigate(paths.app.invoices.detail(creditNote.id));
            },
            onError: (error) => {
              close();
              showError(error);
            },
          })
        }
      >
        <p>
          Une facture émise ne se supprime pas : un avoir de{" "}
          <strong className="text-foreground tabular-nums">{formatMoney(-invoice.totalCents)}</strong>, avec
          son propre numéro, annule la facture {invoice.invoiceNumber}. Cette opération est définitive.
        </p>
      </ConfirmDialog>

      <a href={invoicePdfHref(invoice.id)} download className={buttonStyles({ variant: "secondary" })}>
        <FileDown aria-hidden="true" />
        Télécharger le PDF
      </a>
      {invoice.status !== "annulée" ? (
        <>
          <button
            type="button"
            onClick={() => setDialog("send")}
            className={buttonStyles({ variant: "secondary" })}
          >
            <Mail aria-hidden="true" />
            Envoyer par e-mail
          </button>
          <SendInvoiceDialog
            invoice={invoice}
            sellerName={sellerName}
            isOpen={dialog === "send"}
            onOpenChange={(isOpen) => setDialog(isOpen ? "send" : null)}
          />
        </>
      ) : null}
      {/* A credit note cancels one given invoice: the server refuses to copy it. */}
      {invoice.kind === "facture" ? (
        <button
          type="button"
          onClick={onDuplicate}
          disabled={duplicate.isPending}
          className={buttonStyles({ variant: "secondary" })}
        >
          {duplicate.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Copy aria-hidden="true" />
          )}
          Dupliquer
        </button>
      ) : null}

      {isPayable ? (
        <PaymentDialog
          invoice={invoice}
          isOpen={dialog === "payment"}
          onOpenChange={(isOpen) => setDialog(isOpen ? "payment" : null)}
        />
      ) : null}
      {isRefundable ? (
        <PaymentDialog
          invoice={invoice}
          isRefund
          isOpen={dialog === "refund"}
          onOpenChange={(isOpen) => setDialog(isOpen ? "refund" : null)}
        />
      ) : null}
      {isCreditable ? (
        <CreditNoteDialog
          invoice={invoice}
          isOpen={dialog === "credit"}
          onOpenChange={(isOpen) => setDialog(isOpen ? "credit" : null)}
        />
      ) : null}
    </div>
  );
}
