import { SendDocumentDialog } from "@client/components/documents/send-document-dialog";
import { sendInvoiceInput } from "@shared/schemas/invoices";
import { sendQuoteInput } from "@shared/schemas/quotes";
import { toast } from "sonner";
import { type SendableKind, useSendGeneratedDocument } from "../api/send-generated-document";

/** What the send dialog says for each kind that can be e-mailed from the generator. */
const texts: Record<
  SendableKind,
  { description: string; notice: string; submitLabel: string; sent: (number: string | null) => string }
> = {
  invoice: {
    description: "Le PDF de la facture est joint automatiquement.",
    // As on the invoice page: sending a draft issues it, which cannot be undone.
    notice:
      "Ce brouillon sera d'abord émis : il recevra son numéro définitif et ne pourra plus être modifié.",
    submitLabel: "Émettre et envoyer",
    sent: (number) => `Facture ${number ?? ""} envoyée`,
  },
  quote: {
    description: "Le PDF du devis est joint automatiquement.",
    notice: "Le devis passera au statut « Envoyé » et ne pourra plus être modifié.",
    submitLabel: "Envoyer",
    sent: (number) => `Devis ${number ?? ""} envoyé`,
  },
};

type Props = {
  kind: SendableKind;
  id: string;
  message: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The number the document has once sent (an invoice gets its own when issued). */
  onSent: (number: string | null) => void;
};

/** 'Envoyer par email' for a generated invoice or quote: the shared send dialog with its message. */
export function SendGeneratedDocumentDialog({ kind, id, message, isOpen, onOpenChange, onSent }: Props) {
  const send = useSendGeneratedDocument();
  const text = texts[kind];
  return (
    <SendDocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      description={text.description}
      notice={text.notice}
      defaultRecipient=""
      defaultMessage={message}
      schema={kind === "invoice" ? sendInvoiceInput : sendQuoteInput}
      submitLabel={text.submitLabel}
      isPending={send.isPending}
      onSend={async ({ to, message: edited }) => {
        try {
          const number = await send.mutateAsync({ kind, id, to, message: edited });
          onSent(number);
          const sent = text.sent(number).replace(/\s+/g, " ");
          toast.success("E-mail envoyé", { description: `${sent}${to ? ` à ${to}` : ""}.` });
        } catch (error) {
          toast.error("Erreur d'envoi", {
            description: error instanceof Error ? error.message : "L'e-mail n'a pas pu être envoyé.",
          });
          // The dialog shows the message on its field too, and stays open.
          throw error;
        }
      }}
    />
  );
}
