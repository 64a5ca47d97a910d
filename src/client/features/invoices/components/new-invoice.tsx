import { NewDocumentPage } from "@client/components/documents/document-page";
import { paths } from "@shared/paths";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateInvoice } from "../api/create-invoice";
import { InvoiceForm } from "./invoice-form";
import { emptyInvoiceForm } from "./invoice-form-values";

/** /app/invoices/new — a draft is saved, then the user lands on its page to review and issue it. */
export function NewInvoice() {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  return (
    <NewDocumentPage
      title="Nouvelle facture"
      description="Enregistrée comme brouillon : vous pourrez la relire avant de l'émettre."
      backTo={paths.app.invoices.list}
      backLabel="Factures"
    >
      {(regime) => (
        <InvoiceForm
          defaultValues={emptyInvoiceForm(regime)}
          vatRegime={regime}
          onCancel={() => navigate(paths.app.invoices.list)}
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
