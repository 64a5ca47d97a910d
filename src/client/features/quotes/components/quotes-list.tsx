import { DataList } from "@client/components/data-list/data-list";
import { countOf, ListFilters, ListHeader, NewItemLink } from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { DocumentCard, documentColumns } from "@client/components/documents/document-list";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { type QuoteDto, type QuoteStatus, quoteStatusLabels } from "@shared/schemas/quotes";
import { FileSignature } from "lucide-react";
import { quotesExportHref, useQuotes } from "../api/get-quotes";
import { QuoteStatusBadge } from "./quote-status-badge";

const STATUSES = Object.keys(quoteStatusLabels) as QuoteStatus[];

const columns = documentColumns<QuoteDto>({
  number: (quote) => quote.quoteNumber,
  date: (quote) => formatDate(quote.date),
  deadline: { header: "Valable jusqu'au", cell: (quote) => formatDate(quote.validUntil) },
  status: (quote) => <QuoteStatusBadge status={quote.status} />,
});

/** /app/quotes — newest first, searched (number, client) and filtered on the server, CSV export. */
export function QuotesList() {
  useDocumentTitle("Devis");
  const list = useListParams(STATUSES);
  const query = useQuotes(list.params);
  const newQuote = <NewItemLink to={paths.app.quotes.new}>Nouveau devis</NewItemLink>;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <ListHeader
        title="Devis"
        description={
          query.data ? countOf(query.data.total, "devis", "devis") : "Vos propositions commerciales"
        }
        exportHref={quotesExportHref(list.params)}
        exportFilename="devis.csv"
        action={newQuote}
      />
      <ListFilters
        list={list}
        statuses={STATUSES}
        statusLabels={quoteStatusLabels}
        allLabel="Tous"
        searchLabel="Rechercher un devis"
        searchPlaceholder="Numéro ou client…"
        rowFrom="lg"
      />
      <DataList
        label="Liste des devis"
        columns={columns}
        state={query}
        getHref={(quote) => paths.app.quotes.detail(quote.id)}
        renderCard={(quote) => (
          <DocumentCard
            to={paths.app.quotes.detail(quote.id)}
            document={quote}
            number={quote.quoteNumber}
            status={<QuoteStatusBadge status={quote.status} />}
            deadline={`Valable jusqu'au ${formatDate(quote.validUntil)}`}
          />
        )}
        list={list}
        empty={{
          icon: <FileSignature className="size-6" aria-hidden="true" />,
          title: "Aucun devis pour l'instant",
          description:
            "Chiffrez une prestation en quatre étapes ; une fois accepté, le devis devient une facture en un clic.",
          action: newQuote,
        }}
      />
    </div>
  );
}
