import { DocumentLoading, NewDocumentPage } from "@client/components/documents/document-page";
import { paths } from "@shared/paths";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateInvoice } from "../api/create-invoice";
import { InvoiceForm } from "./invoice-form";
import { emptyInvoiceForm } from "./invoice-form-values";

type NewInvoiceProps = {
  /** Opened from a client's page: that client is picked, and going back returns there. */
  client?: { id: string; name: string };
  /** The client is still being read: the form waits rather than open empty and fill in later. */
  isLoading?: boolean;
};

/** /app/invoices/new — a draft is saved, then the user lands on its page to review and issue it. */
export function NewInvoice({ client, isLoading = false }: NewInvoiceProps) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const backTo = client ? paths.app.clients.detail(client.id) : paths.app.invoices.list;
  if (isLoading) return <DocumentLoading label="Chargement du client" />;
  return (
    <NewDocumentPage
      title="Nouvelle facture"
      description="Enregistrée comme brouillon : vous pourrez la relire avant de l'émettre."
      backTo={backTo}
      backLabel={client ? client.name : "Factures"}
    >
      {(regime) => (
        <InvoiceForm
          defaultValues={{
            ...emptyInvoiceForm(regime),
            ...(client ? { clientId: client.id, clientName: client.name } : {}),
          }}
          vatRegime={regime}
          onCancel={() => navigate(backTo)}
          onSubmit={async (input) => {
            const invoice = await create.mutateAsync(input);
            toast.success("Brouillon enregistré");
            navigate(paths.app.invoices.detail(invoice.id));
          }}
        />
      )}
    </NewDocumentPage>
  );
}
