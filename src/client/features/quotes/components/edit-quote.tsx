import {
  DocumentLoadFailure,
  DocumentLoading,
  DocumentPage,
} from "@client/components/documents/document-page";
import { WithVatRegime } from "@client/components/documents/with-vat-regime";
import { buttonStyles } from "@client/components/ui/button-styles";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { Lock } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { useQuote } from "../api/get-quote";
import { useUpdateQuote } from "../api/update-quote";
import { formValuesFromQuote } from "./quote-form-values";
import { QuoteWizard } from "./quote-wizard";

/** /app/quotes/edit/:id — the same wizard on a draft; a sent quote is frozen and says so. */
export function EditQuote({ id }: { id: string }) {
  const { data: quote, isPending, error, refetch } = useQuote(id);
  const update = useUpdateQuote();
  const navigate = useNavigate();
  useDocumentTitle(quote ? `Modifier ${quote.quoteNumber}` : "Modifier le devis");
  if (isPending) return <DocumentLoading label="Chargement du devis" />;
  if (error) return <DocumentLoadFailure kind="quote" error={error} onRetry={() => refetch()} />;
  const back = paths.app.quotes.detail(quote.id);
  return (
    <DocumentPage
      backTo={back}
      backLabel={quote.quoteNumber}
      title={`Modifier le devis ${quote.quoteNumber}`}
    >
      {quote.status === "brouillon" ? (
        <WithVatRegime>
          {(regime) => (
            <QuoteWizard
              defaultValues={formValuesFromQuote(quote, regime)}
              vatRegime={regime}
              submitLabel="Enregistrer"
              onCancel={() => navigate(back)}
              onSubmit={async (input) => {
                // PATCH leaves an omitted field unchanged: emptied texts are sent as "" to clear them.
                await update.mutateAsync({
                  id: quote.id,
                  input: { ...input, notes: input.notes ?? "", terms: input.terms ?? "" },
                });
                toast.success("Devis enregistré");
                navigate(back);
              }}
            />
          )}
        </WithVatRegime>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border bg-surface p-10 text-center">
          <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Ce devis a été envoyé : il ne peut plus être modifié.</p>
          <Link to={back} className={buttonStyles({ variant: "secondary" })}>
            Revenir au devis
          </Link>
        </div>
      )}
    </DocumentPage>
  );
}
