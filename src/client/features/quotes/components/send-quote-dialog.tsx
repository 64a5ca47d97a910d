import { SendDocumentDialog } from "@client/components/documents/send-document-dialog";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { defaultQuoteMessage, type QuoteDto, sendQuoteInput } from "@shared/schemas/quotes";
import { toast } from "sonner";
import { useSendQuote } from "../api/send-quote";

type Props = {
  quote: QuoteDto;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** "Envoyer par e-mail" for a quote: a draft becomes envoyé, a sent or accepted one is sent again. */
export function SendQuoteDialog({ quote, isOpen, onOpenChange }: Props) {
  const send = useSendQuote();
  const { data: settings } = useSellerIdentity();
  const sellerName = settings?.identity.companyName || settings?.identity.legalName || "";
  return (
    <SendDocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      description="Le PDF du devis est joint automatiquement."
      notice={
        quote.status === "brouillon"
          ? "Le devis passera au statut « Envoyé » et ne pourra plus être modifié."
          : null
      }
      defaultRecipient={quote.clientEmail ?? ""}
      defaultMessage={defaultQuoteMessage(quote, sellerName)}
      schema={sendQuoteInput}
      submitLabel="Envoyer"
      isPending={send.isPending}
      onSend={async ({ to, message }) => {
        await send.mutateAsync({ id: quote.id, input: { to, message } });
        toast.success("E-mail envoyé", {
          description: `Devis ${quote.quoteNumber} envoyé${to ? ` à ${to}` : ""}.`,
        });
      }}
    />
  );
}
