import { WithVatRegime } from "@client/components/documents/with-vat-regime";
import { FormPageHeader } from "@client/components/ui/form-page-header";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateInvoice } from "../api/create-invoice";
import { InvoiceForm } from "./invoice-form";
import { emptyInvoiceForm } from "./invoice-form-values";

/** /app/invoices/new — a draft is saved, then the user lands on its page to review and issue it. */
export function NewInvoice() {
  useDocumentTitle("Nouvelle facture");
  const navigate = useNavigate();
  const create = useCreateInvoice();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <FormPageHeader
        backTo={paths.app.invoices.list}
        backLabel="Factures"
        title="Nouvelle facture"
        description="Enregistrée comme brouillon : vous pourrez la relire avant de l'émettre."
      />
      <WithVatRegime>
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
      </WithVatRegime>
    </div>
  );
}
