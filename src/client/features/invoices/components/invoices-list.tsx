import { ListFilters, ListHeader, NewItemLink } from "@client/components/data-list/list-page";
import { Pagination } from "@client/components/data-list/pagination";
import { useListParams } from "@client/components/data-list/use-list-params";
import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type InvoiceDto, type InvoiceStatus, invoiceStatusLabels } from "@shared/schemas/invoices";
import { CircleAlert, FileText, SearchX } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { invoicesExportHref, useInvoices } from "../api/get-invoices";
import { InvoiceStatusBadge } from "./invoice-status-badge";

const STATUSES = Object.keys(invoiceStatusLabels) as InvoiceStatus[];

const numberOf = (invoice: InvoiceDto) =>
  invoice.invoiceNumber ?? <span className="text-muted-foreground italic">Brouillon</span>;

/** /app/invoices — newest first, searched (number, client) and filtered on the server, CSV export. */
export function InvoicesList() {
  useDocumentTitle("Factures");
  const list = useListParams(STATUSES);
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useInvoices(list.params);
  const navigate = useNavigate();

  const newButton = <NewItemLink to={paths.app.invoices.new}>Nouvelle facture</NewItemLink>;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <ListHeader
        title="Factures"
        description="Brouillons, factures émises et avoirs."
        exportHref={invoicesExportHref(list.params)}
        exportFilename="factures.csv"
        action={newButton}
      />
      <ListFilters
        list={list}
        statuses={STATUSES}
        statusLabels={invoiceStatusLabels}
        allLabel="Toutes"
        searchLabel="Rechercher une facture"
        searchPlaceholder="Numéro ou client…"
        rowFrom="lg"
      />

      {isPending ? (
        <ListSkeleton />
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border bg-surface p-10 text-center"
        >
          <CircleAlert className="size-8 text-danger" aria-hidden="true" />
          <p className="font-medium">Impossible de charger les factures.</p>
          <p className="text-sm text-muted-foreground">{error.message}</p>
          <button type="button" onClick={() => refetch()} className={buttonStyles({ variant: "secondary" })}>
            Réessayer
          </button>
        </div>
      ) : data.total === 0 ? (
        list.isFiltered ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-surface p-10 text-center">
            <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">Aucune facture ne correspond à ces critères.</p>
            <button
              type="button"
              onClick={list.clearFilters}
              className={buttonStyles({ variant: "secondary" })}
            >
              Effacer les filtres
            </button>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed bg-surface px-6 py-14 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <FileText className="size-6" aria-hidden="true" />
            </span>
            <div>
              <p className="text-lg font-semibold">Aucune facture pour l'instant</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Créez un brouillon, relisez-le, puis émettez-le : le numéro est attribué à l'émission.
              </p>
            </div>
            {newButton}
          </div>
        )
      ) : (
        <div className={cn("transition-opacity", isPlaceholderData && "opacity-60")}>
          <div className="hidden overflow-hidden rounded-2xl border bg-surface shadow-sm md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Factures</caption>
              <thead className="bg-muted/50 text-left text-xs tracking-wide text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Numéro
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Client
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Échéance
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Total TTC
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Statut
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.items.map((invoice) => (
                  <tr
                    key={invoice.id}
                    className="cursor-pointer transition-colors hover:bg-muted/50"
                    onClick={() => navigate(paths.app.invoices.detail(invoice.id))}
                  >
                    <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                      <Link
                        to={paths.app.invoices.detail(invoice.id)}
                        className="font-medium hover:underline"
                        onClick={(event) => event.stopPropagation()}
                      >
                        {numberOf(invoice)}
                      </Link>
                    </td>
                    <td className="max-w-64 truncate px-4 py-3">{invoice.clientName}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                      {invoice.issuedAt ? formatDate(invoice.date) : "—"}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                      {invoice.dueDate ? formatDate(invoice.dueDate) : "—"}
                    </td>
                    <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                      {formatMoney(invoice.totalCents)}
                    </td>
                    <td className="px-4 py-3">
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y overflow-hidden rounded-2xl border bg-surface shadow-sm md:hidden">
            {data.items.map((invoice) => (
              <li key={invoice.id}>
                <Link
                  to={paths.app.invoices.detail(invoice.id)}
                  className="flex items-start gap-3 px-4 py-3 transition-colors active:bg-muted"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{invoice.clientName}</p>
                    <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
                      {numberOf(invoice)}
                      {invoice.dueDate ? <span> · échéance {formatDate(invoice.dueDate)}</span> : null}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-medium tabular-nums">{formatMoney(invoice.totalCents)}</span>
                    <InvoiceStatusBadge status={invoice.status} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={list.setPage}
          />
        </div>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div
      className="space-y-2 rounded-2xl border bg-surface p-4"
      role="status"
      aria-label="Chargement des factures"
    >
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="h-10 animate-pulse rounded-lg bg-muted" />
      ))}
    </div>
  );
}
