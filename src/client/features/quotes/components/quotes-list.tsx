import { type Column, DataList } from "@client/components/data-list/data-list";
import { ExportButton } from "@client/components/data-list/export-button";
import { SearchInput } from "@client/components/data-list/search-input";
import { StatusFilter } from "@client/components/data-list/status-filter";
import { useListParams } from "@client/components/data-list/use-list-params";
import { buttonStyles } from "@client/components/ui/button-styles";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type QuoteDto, type QuoteStatus, quoteStatusLabels } from "@shared/schemas/quotes";
import { FileSignature, Plus } from "lucide-react";
import { Link } from "react-router";
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
    <Link
      to={paths.app.quotes.detail(quote.id)}
      className="block rounded-xl border bg-surface p-4 shadow-sm transition-colors hover:bg-muted/60"
    >
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
    </Link>
  );
}

/** /app/quotes — newest first, searched (number, client) and filtered on the server, CSV export. */
export function QuotesList() {
  useDocumentTitle("Devis");
  const list = useListParams(STATUSES);
  const query = useQuotes(list.params);
  const newQuote = (
    <Link to={paths.app.quotes.new} className={buttonStyles()}>
      <Plus aria-hidden="true" />
      Nouveau devis
    </Link>
  );
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Devis</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {query.data ? `${query.data.total} devis` : "Vos propositions commerciales"}
          </p>
        </div>
        <div className="flex gap-2">
          <ExportButton href={quotesExportHref(list.params)} fallbackFilename="devis.csv" />
          {newQuote}
        </div>
      </div>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SearchInput
          value={list.searchInput}
          onChange={list.setSearchInput}
          placeholder="Numéro ou client…"
          label="Rechercher un devis"
        />
        <StatusFilter
          statuses={STATUSES}
          labels={quoteStatusLabels}
          value={list.status}
          onChange={list.setStatus}
          allLabel="Tous"
        />
      </div>
      <DataList
        label="Liste des devis"
        columns={columns}
        state={query}
        getKey={(quote) => quote.id}
        getHref={(quote) => paths.app.quotes.detail(quote.id)}
        renderCard={(quote) => <QuoteCard quote={quote} />}
        onPageChange={list.setPage}
        isFiltered={list.isFiltered}
        onClearFilters={list.clearFilters}
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
