import { NewDocumentPage } from "@client/components/documents/document-page";
import { paths } from "@shared/paths";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateQuote } from "../api/create-quote";
import { emptyQuoteForm } from "./quote-form-values";
import { QuoteWizard } from "./quote-wizard";

/** /app/quotes/new — the wizard saves a draft (numbered at once), then the user lands on its page. */
export function NewQuote() {
  const navigate = useNavigate();
  const create = useCreateQuote();
  return (
    <NewDocumentPage
      title="Nouveau devis"
      description="Enregistré comme brouillon : vous le marquerez comme envoyé une fois transmis au client."
      backTo={paths.app.quotes.list}
      backLabel="Devis"
    >
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
    </NewDocumentPage>
  );
}
