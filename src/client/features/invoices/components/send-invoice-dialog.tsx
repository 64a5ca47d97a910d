import { SendDocumentDialog } from "@client/components/documents/send-document-dialog";
import { formatDate, formatMoney } from "@shared/format";
import { type InvoiceDto, sendInvoiceInput } from "@shared/schemas/invoices";
import { toast } from "sonner";
import { useSendInvoice } from "../api/send-invoice";

/** The message the freelancer starts from; they edit it freely before sending. */
export function defaultInvoiceMessage(invoice: InvoiceDto, sellerName: string): string {
  const what = invoice.kind === "avoir" ? "l'avoir" : "la facture";
  const number = invoice.invoiceNumber ? ` ${invoice.invoiceNumber}` : "";
  const due =
    invoice.kind === "facture" && invoice.dueDate ? `, à régler avant le ${formatDate(invoice.dueDate)}` : "";
  return [
    "Bonjour,",
    `Veuillez trouver ci-joint ${what}${number} d'un montant de ${formatMoney(invoice.totalCents)}${due}.`,
    "Je reste à votre disposition pour toute question.",
    `Cordialement,\n${sellerName}`,
  ].join("\n\n");
}

type Props = {
  invoice: InvoiceDto;
  sellerName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** "Envoyer par email": recipient, editable message, the PDF attached by the server; a draft is issued first. */
export function SendInvoiceDialog({ invoice, sellerName, isOpen, onOpenChange }: Props) {
  const send = useSendInvoice();
  const isDraft = invoice.status === "brouillon";
  return (
    <SendDocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      description="Le PDF de la facture est joint automatiquement."
      notice={
        isDraft
          ? "Ce brouillon sera d'abord émis : il recevra son numéro définitif et ne pourra plus être modifié."
          : null
      }
      defaultRecipient={invoice.buyer?.email ?? ""}
      defaultMessage={defaultInvoiceMessage(invoice, sellerName)}
      schema={sendInvoiceInput}
      submitLabel={isDraft ? "Émettre et envoyer" : "Envoyer"}
      isPending={send.isPending}
      onSend={async ({ to, message }) => {
        const sent = await send.mutateAsync({ id: invoice.id, input: { to, message, issueDraft: isDraft } });
        toast.success("E-mail envoyé", {
          description: `${sent.invoiceNumber} envoyée${to ? ` à ${to}` : ""}.`,
        });
      }}
    />
  );
}
