import type { Column } from "@client/components/data-list/data-list";
import { ListCardLink } from "@client/components/data-list/list-page";
import { formatMoney } from "@shared/format";
import type { ReactNode } from "react";

type ListedDocument = { id: string; clientName: string; totalCents: number };

type DocumentColumnsOptions<Item> = {
  number: (item: Item) => ReactNode;
  date: (item: Item) => ReactNode;
  /** The date that matters next: an invoice's due date, a quote's validity. */
  deadline: { header: string; cell: (item: Item) => ReactNode };
  status: (item: Item) => ReactNode;
};

/** The columns of the invoices' and the quotes' lists: number, client, date, deadline, total, status. */
export function documentColumns<Item extends ListedDocument>({
  number,
  date,
  deadline,
  status,
}: DocumentColumnsOptions<Item>): Column<Item>[] {
  return [
    { id: "number", header: "Numéro", cell: number, className: "whitespace-nowrap tabular-nums" },
    { id: "client", header: "Client", cell: (item) => item.clientName, className: "max-w-64 truncate" },
    {
      id: "date",
      header: "Date",
      cell: date,
      className: "hidden lg:table-cell whitespace-nowrap text-muted-foreground",
    },
    {
      id: "deadline",
      header: deadline.header,
      cell: deadline.cell,
      className: "whitespace-nowrap text-muted-foreground",
    },
    {
      id: "total",
      header: "Total TTC",
      cell: (item) => formatMoney(item.totalCents),
      className: "text-right whitespace-nowrap tabular-nums font-medium",
    },
    { id: "status", header: "Statut", cell: status },
  ];
}

type DocumentCardProps = {
  to: string;
  document: ListedDocument;
  /** Nothing for a draft invoice, which gets its number when issued. */
  number: ReactNode;
  status: ReactNode;
  /** Under the number: the deadline, when there is one. */
  deadline?: ReactNode;
};

/** An invoice or a quote in a list on phones: client, number, status, deadline and total. */
export function DocumentCard({ to, document, number, status, deadline }: DocumentCardProps) {
  return (
    <ListCardLink to={to}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{document.clientName}</p>
          {number ? <p className="text-xs text-muted-foreground tabular-nums">{number}</p> : null}
        </div>
        {status}
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span>{deadline}</span>
        <span className="shrink-0 text-sm font-medium text-foreground tabular-nums">
          {formatMoney(document.totalCents)}
        </span>
      </div>
    </ListCardLink>
  );
}
