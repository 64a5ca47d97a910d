import { floatingPanelStyles, menuItemStyles } from "@client/components/shell/shell-styles";
import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { DownloadButton } from "@client/components/ui/download-button";
import { cn } from "@client/lib/cn";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { InvoiceDto } from "@shared/schemas/invoices";
import {
  Ban,
  Copy,
  Ellipsis,
  Euro,
  type LucideIcon,
  Mail,
  Pencil,
  ReceiptText,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
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

  const canSend = invoice.status !== "annulée";
  // What the menu holds: the actions of a later day (a correction, a refund, a copy), each in its status.
  const moreItems: MoreItem[] = [
    isPayable && invoice.paidCents === 0
      ? { label: "Annuler par un avoir", icon: Ban, onSelect: () => setDialog("cancel") }
      : null,
    isCreditable ? { label: "Avoir partiel", icon: ReceiptText, onSelect: () => setDialog("credit") } : null,
    isRefundable ? { label: "Rembourser", icon: Undo2, onSelect: () => setDialog("refund") } : null,
    // A credit note cancels one given invoice: the server refuses to copy it.
    invoice.kind === "facture"
      ? { label: "Dupliquer", icon: Copy, onSelect: onDuplicate, isDisabled: duplicate.isPending }
      : null,
    isDraft
      ? { label: "Supprimer", icon: Trash2, onSelect: () => setDialog("delete"), isDestructive: true }
      : null,
  ].filter((item) => item !== null);

  // One primary action per status (issue 31 item 20): a draft is issued, an issued invoice is sent; the
  // payment and the PDF stay beside it, everything else is under « Plus ».
  return (
    <div className="flex flex-wrap gap-2">
      {isDraft ? (
        <>
          <button type="button" onClick={() => setDialog("issue")} className={buttonStyles()}>
            <Send aria-hidden="true" />
            Émettre
          </button>
          <button type="button" onClick={onEdit} className={buttonStyles({ variant: "secondary" })}>
            <Pencil aria-hidden="true" />
            Modifier
          </button>
        </>
      ) : canSend ? (
        <button type="button" onClick={() => setDialog("send")} className={buttonStyles()}>
          <Mail aria-hidden="true" />
          Envoyer<span className="sr-only"> par e-mail</span>
        </button>
      ) : null}
      {isPayable ? (
        <button
          type="button"
          onClick={() => setDialog("payment")}
          className={buttonStyles({ variant: "secondary" })}
        >
          <Euro aria-hidden="true" />
          Enregistrer un paiement
        </button>
      ) : null}
      <DownloadButton
        href={invoicePdfHref(invoice.id)}
        fallbackFilename={`Facture-${invoice.invoiceNumber ?? "brouillon"}.pdf`}
        label="Télécharger le PDF"
      />
      <MoreMenu items={moreItems} />

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

      {canSend ? (
        <SendInvoiceDialog
          invoice={invoice}
          sellerName={sellerName}
          isOpen={dialog === "send"}
          onOpenChange={(isOpen) => setDialog(isOpen ? "send" : null)}
        />
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

type MoreItem = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  isDisabled?: boolean;
  isDestructive?: boolean;
};

/** « Plus »: the invoice's other actions, in a menu rather than a row of buttons; absent when none applies. */
function MoreMenu({ items }: { items: MoreItem[] }) {
  if (items.length === 0) return null;
  return (
    // Not modal: an item opens a dialog, which then owns the focus and the pointer (radix's advice).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonStyles({ variant: "secondary" })}>
        <Ellipsis aria-hidden="true" />
        Plus
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={cn(floatingPanelStyles, "w-60 p-1.5")}>
          {items.map(({ label, icon: Icon, onSelect, isDisabled, isDestructive }) => (
            <DropdownMenu.Item
              key={label}
              onSelect={onSelect}
              disabled={isDisabled}
              className={cn(menuItemStyles, isDestructive && "text-danger [&_svg]:text-danger")}
            >
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
