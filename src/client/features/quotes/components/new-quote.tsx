import { WithVatRegime } from "@client/components/documents/with-vat-regime";
import { FormPageHeader } from "@client/components/ui/form-page-header";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateQuote } from "../api/create-quote";
import { emptyQuoteForm } from "./quote-form-values";
import { QuoteWizard } from "./quote-wizard";

/** /app/quotes/new — the wizard saves a draft (numbered at once), then the user lands on its page. */
export function NewQuote() {
  useDocumentTitle("Nouveau devis");
  const navigate = useNavigate();
  const create = useCreateQuote();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <FormPageHeader
        backTo={paths.app.quotes.list}
        backLabel="Devis"
        title="Nouveau devis"
        description="Enregistré comme brouillon : vous le marquerez comme envoyé une fois transmis au client."
      />
      <WithVatRegime>
        {(regime) => (
          <QuoteWizard
            defaultValues={emptyQuoteForm(regime)}
            vatRegime={regime}
            submitLabel="Créer le devis"
            onCancel={() => navigate(paths.app.quotes.list)}
            onSubmit={async (input) => {
              const quote = await create.mutateAsync(input);
              toast.success(`Devis ${quote.quoteNumber} créé`);
              navigate(paths.app.quotes.detail(quote.id));
            }}
          />
        )}
      </WithVatRegime>
    </div>
  );
}
