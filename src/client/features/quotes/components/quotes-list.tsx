import { type Column, DataList } from "@client/components/data-list/data-list";
import {
  countOf,
  ListCardLink,
  ListFilters,
  ListHeader,
  NewItemLink,
} from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type QuoteDto, type QuoteStatus, quoteStatusLabels } from "@shared/schemas/quotes";
import { FileSignature } from "lucide-react";
import { quotesExportHref, useQuotes } from "../api/get-quotes";
import { QuoteStatusBadge } from "./quote-status-badge";

const STATUSES = Object.keys(quoteStatusLabels) as QuoteStatus[];

const columns: Column<QuoteDto>[] = [
  {
    id: "number",
    header: "Numéro",
    cell: (quote) => quote.quoteNumber,
    className: "whitespace-nowrap tabular-nums",
  },
  { id: "client", header: "Client", cell: (quote) => quote.clientName, className: "max-w-64 truncate" },
  {
    id: "date",
    header: "Date",
    cell: (quote) => formatDate(quote.date),
    className: "hidden lg:table-cell whitespace-nowrap text-muted-foreground",
  },
  {
    id: "validUntil",
    header: "Valable jusqu'au",
    cell: (quote) => formatDate(quote.validUntil),
    className: "whitespace-nowrap text-muted-foreground",
  },
  {
    id: "total",
    header: "Total TTC",
    cell: (quote) => formatMoney(quote.totalCents),
    className: "text-right whitespace-nowrap tabular-nums font-medium",
  },
  { id: "status", header: "Statut", cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
];

function QuoteCard({ quote }: { quote: QuoteDto }) {
  return (
    <ListCardLink to={paths.app.quotes.detail(quote.id)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{quote.clientName}</p>
          <p className="text-xs text-muted-foreground tabular-nums">{quote.quoteNumber}</p>
        </div>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span>Valable jusqu'au {formatDate(quote.validUntil)}</span>
        <span className="shrink-0 text-sm font-medium text-foreground tabular-nums">
          {formatMoney(quote.totalCents)}
        </span>
      </div>
    </ListCardLink>
  );
}

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
        renderCard={(quote) => <QuoteCard quote={quote} />}
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
