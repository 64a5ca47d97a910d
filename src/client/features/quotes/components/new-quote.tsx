import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateQuote } from "../api/create-quote";
import { emptyQuoteForm } from "./quote-form-values";
import { QuoteWizard } from "./quote-wizard";

/** /app/quotes/new — the wizard saves a draft (numbered at once), then the user lands on its page. */
export function NewQuote() {
  useDocumentTitle("Nouveau devis");
  const navigate = useNavigate();
  const create = useCreateQuote();
  const [defaultValues] = useState(emptyQuoteForm);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.app.quotes.list}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Devis
      </Link>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Nouveau devis</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Enregistré comme brouillon : vous le marquerez comme envoyé une fois transmis au client.
        </p>
      </div>
      <QuoteWizard
        defaultValues={defaultValues}
        submitLabel="Créer le devis"
        onCancel={() => navigate(paths.app.quotes.list)}
        onSubmit={async (input) => {
          const quote = await create.mutateAsync(input);
          toast.success(`Devis ${quote.quoteNumber} créé`);
          navigate(paths.app.quotes.detail(quote.id));
        }}
      />
    </div>
  );
}
