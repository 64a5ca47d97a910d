import { type Column, DataList } from "@client/components/data-list/data-list";
import { countOf, ListCardLink, ListFilters, ListHeader } from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { buttonStyles } from "@client/components/ui/button-styles";
import { SelectField } from "@client/components/ui/select-field";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import {
  type ExpenseCategory,
  type ExpenseDto,
  expenseCategories,
  expenseCategoryLabels,
  expenseStatuses,
  expenseStatusLabels,
} from "@shared/schemas/expenses";
import { Inbox, Paperclip, Plus, Receipt } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { expensesExportHref, useExpenses } from "../api/get-expenses";
import { ExpenseDialog } from "./expense-dialog";
import { ExpenseStatusBadge } from "./expense-status-badge";
import { SupplierInvoiceImport } from "./supplier-invoice-import";

const attached = (expense: ExpenseDto) =>
  expense.receipt ? (
    <Paperclip className="inline size-3.5 text-muted-foreground" aria-label="Justificatif joint" />
  ) : null;

const columns: Column<ExpenseDto>[] = [
  {
    id: "title",
    header: "Dépense",
    cell: (expense) => (
      <span className="inline-flex items-center gap-1.5">
        {expense.title} {attached(expense)}
      </span>
    ),
  },
  {
    id: "category",
    header: "Catégorie",
    cell: (expense) => expenseCategoryLabels[expense.category],
    className: "text-muted-foreground",
  },
  {
    id: "date",
    header: "Date",
    cell: (expense) => formatDate(expense.date),
    className: "hidden lg:table-cell whitespace-nowrap text-muted-foreground",
  },
  { id: "status", header: "Statut", cell: (expense) => <ExpenseStatusBadge status={expense.status} /> },
  {
    id: "amount",
    header: "Montant TTC",
    cell: (expense) => formatMoney(expense.amountCents),
    className: "text-right whitespace-nowrap tabular-nums font-medium",
  },
];

function ExpenseCard({ expense }: { expense: ExpenseDto }) {
  return (
    <ListCardLink to={paths.app.expenses.detail(expense.id)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 truncate font-medium">
            <span className="truncate">{expense.title}</span> {attached(expense)}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {expenseCategoryLabels[expense.category]} · {formatDate(expense.date)}
          </p>
        </div>
        <p className="shrink-0 font-medium tabular-nums">{formatMoney(expense.amountCents)}</p>
      </div>
      <div className="mt-3">
        <ExpenseStatusBadge status={expense.status} />
      </div>
    </ListCardLink>
  );
}

/** /app/expenses — latest first, searched and filtered on the server; created in a dialog. */
export function ExpensesList() {
  useDocumentTitle("Dépenses");
  const list = useListParams(expenseStatuses);
  const [searchParams, setSearchParams] = useSearchParams();
  const rawCategory = searchParams.get("categorie") ?? "";
  const category = (expenseCategories as readonly string[]).includes(rawCategory)
    ? (rawCategory as ExpenseCategory)
    : undefined;
  const params = { ...list.params, ...(category ? { category } : {}) };
  const query = useExpenses(params);
  const [isCreating, setCreating] = useState(false);

  const setCategory = (next: string) =>
    setSearchParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set("categorie", next);
        else updated.delete("categorie");
        updated.delete("page");
        return updated;
      },
      { replace: true },
    );

  const newExpense = (
    <button type="button" onClick={() => setCreating(true)} className={buttonStyles()}>
      <Plus aria-hidden="true" />
      Nouvelle dépense
    </button>
  );
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <ListHeader
        title="Dépenses"
        description={
          query.data
            ? countOf(query.data.total, "dépense")
            : "Vos frais professionnels et leurs justificatifs"
        }
        exportHref={expensesExportHref(params)}
        exportFilename="depenses.csv"
        action={
          <>
            <Link to={paths.app.expenses.received} className={buttonStyles({ variant: "secondary" })}>
              <Inbox aria-hidden="true" />
              Factures reçues
            </Link>
            {newExpense}
          </>
        }
      />
      <SupplierInvoiceImport />
      <ListFilters
        list={list}
        statuses={expenseStatuses}
        statusLabels={expenseStatusLabels}
        allLabel="Toutes"
        searchLabel="Rechercher une dépense"
        searchPlaceholder="Intitulé, fournisseur…"
        rowFrom="lg"
      >
        <SelectField
          isCompact
          label="Catégorie"
          isLabelHidden
          value={category ?? ""}
          onChange={(event) => setCategory(event.target.value)}
          className="shrink-0 sm:w-56"
        >
          <option value="">Toutes les catégories</option>
          {expenseCategories.map((value) => (
            <option key={value} value={value}>
              {expenseCategoryLabels[value]}
            </option>
          ))}
        </SelectField>
      </ListFilters>
      <DataList
        label="Liste des dépenses"
        columns={columns}
        state={query}
        getHref={(expense) => paths.app.expenses.detail(expense.id)}
        renderCard={(expense) => <ExpenseCard expense={expense} />}
        list={{
          ...list,
          isFiltered: list.isFiltered || Boolean(category),
          clearFilters: () => {
            list.setSearchInput("");
            setSearchParams(new URLSearchParams(), { replace: true });
          },
        }}
        empty={{
          icon: <Receipt className="size-6" aria-hidden="true" />,
          title: "Aucune dépense pour l'instant",
          description: "Enregistrez vos frais avec leur justificatif : ils alimentent votre résultat net.",
          action: newExpense,
        }}
      />
      <ExpenseDialog isOpen={isCreating} onOpenChange={setCreating} />
    </div>
  );
}
