import { DataList } from "@client/components/data-list/data-list";
import { ListFilters, ListHeader, NewItemLink } from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { DocumentCard, documentColumns } from "@client/components/documents/document-list";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { type InvoiceStatus, invoiceStatusLabels } from "@shared/domain/invoice-status";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { FileText } from "lucide-react";
import { invoicesExportHref, useInvoices } from "../api/get-invoices";
import { InvoiceStatusBadge } from "./invoice-status-badge";

const STATUSES = Object.keys(invoiceStatusLabels) as InvoiceStatus[];

const numberOf = (invoice: InvoiceDto) =>
  invoice.invoiceNumber ?? <span className="text-muted-foreground italic">Brouillon</span>;

const columns = documentColumns<InvoiceDto>({
  number: numberOf,
  date: (invoice) => (invoice.issuedAt ? formatDate(invoice.date) : "—"),
  deadline: { header: "Échéance", cell: (invoice) => (invoice.dueDate ? formatDate(invoice.dueDate) : "—") },
  status: (invoice) => <InvoiceStatusBadge status={invoice.status} kind={invoice.kind} />,
});

/** /app/invoices — newest first, searched (number, client) and filtered on the server, CSV export. */
export function InvoicesList() {
  useDocumentTitle("Factures");
  const list = useListParams(STATUSES);
  const query = useInvoices(list.params);
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
      <DataList
        label="Factures"
        columns={columns}
        state={{ ...query, isFetching: query.isPlaceholderData }}
        getHref={(invoice) => paths.app.invoices.detail(invoice.id)}
        renderCard={(invoice) => (
          <DocumentCard
            to={paths.app.invoices.detail(invoice.id)}
            document={invoice}
            // A draft has no number yet; its status badge already says « Brouillon ».
            number={invoice.invoiceNumber}
            status={<InvoiceStatusBadge status={invoice.status} kind={invoice.kind} />}
            deadline={invoice.dueDate ? `Échéance le ${formatDate(invoice.dueDate)}` : null}
          />
        )}
        list={list}
        noMatchTitle="Aucune facture ne correspond à ces critères."
        empty={{
          icon: <FileText className="size-6" aria-hidden="true" />,
          title: "Aucune facture pour l'instant",
          description:
            "Créez un brouillon, relisez-le, puis émettez-le : le numéro est attribué à l'émission.",
          action: newButton,
        }}
      />
    </div>
  );
}
