import { RecordLoadError } from "@client/components/record-load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { AlertDialogContent } from "@client/components/ui/dialog-content";
import { cn } from "@client/lib/cn";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import {
  type ExpenseDto,
  type ExpenseStatus,
  expenseCategoryLabels,
  expenseStatuses,
  expenseStatusLabels,
  validateReceiptFile,
} from "@shared/schemas/expenses";
import { paymentMethodLabels } from "@shared/schemas/invoices";
import {
  ArrowLeft,
  Download,
  ExternalLink,
  FileText,
  LoaderCircle,
  Pencil,
  Receipt,
  Trash2,
  Upload,
} from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { useDeleteExpense } from "../api/delete-expense";
import { useDeleteReceipt } from "../api/delete-receipt";
import { receiptHref, useExpense } from "../api/get-expense";
import { useUpdateExpense } from "../api/update-expense";
import { useUploadReceipt } from "../api/upload-receipt";
import { ExpenseDialog } from "./expense-dialog";
import { ExpenseStatusBadge } from "./expense-status-badge";

const size = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${size.format(bytes / 1024)} Ko` : `${size.format(bytes / 1024 / 1024)} Mo`;

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">{children}</div>;
}

const backLink = (
  <Link
    to={paths.app.expenses.list}
    className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
  >
    <ArrowLeft className="size-4" aria-hidden="true" />
    Dépenses
  </Link>
);

/** /app/expenses/:id — the expense, its status, and its receipt with a preview. */
export function ExpenseDetail({ id }: { id: string }) {
  const query = useExpense(id);
  useDocumentTitle(query.data?.title ?? "Dépense");
  if (query.isPending)
    return (
      <Page>
        <div role="status" aria-label="Chargement de la dépense" className="space-y-4">
          <div className="h-8 w-1/3 animate-pulse rounded bg-muted" />
          <div className="h-64 animate-pulse rounded-xl bg-muted" />
        </div>
      </Page>
    );
  if (query.isError)
    return (
      <Page>
        {backLink}
        <RecordLoadError
          error={query.error}
          onRetry={() => query.refetch()}
          missingTitle="Dépense introuvable"
          missingDescription="Cette dépense n'existe pas ou a été supprimée."
          failedTitle="Impossible de charger la dépense"
          backTo={paths.app.expenses.list}
          backLabel="Retour aux dépenses"
        />
      </Page>
    );
  return <ExpenseView expense={query.data} />;
}

function ExpenseView({ expense }: { expense: ExpenseDto }) {
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const update = useUpdateExpense();
  const remove = useDeleteExpense();
  const navigate = useNavigate();
  const { data: settings } = useSellerIdentity();

  const setStatus = (status: ExpenseStatus) =>
    update.mutate(
      { id: expense.id, input: { status } },
      {
        onSuccess: () => toast.success(`Dépense ${expenseStatusLabels[status].toLowerCase()}`),
        onError: (error) => toast.error("Une erreur est survenue", { description: error.message }),
      },
    );

  const onDelete = () =>
    remove.mutate(expense.id, {
      onSuccess: () => {
        toast.success("Dépense supprimée");
        navigate(paths.app.expenses.list);
      },
      onError: (error) => toast.error("Une erreur est survenue", { description: error.message }),
    });

  const htCents = expense.amountCents - expense.vatCents;
  // Under the franchise the VAT on purchases is not recovered: only the amount paid (TTC) means something.
  const isFranchise = settings?.identity.vatRegime === "franchise";
  return (
    <Page>
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{expense.title}</h1>
            <ExpenseStatusBadge status={expense.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {expenseCategoryLabels[expense.category]} · {formatDate(expense.date)}
            {expense.supplier ? ` · ${expense.supplier}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={buttonStyles({ variant: "secondary" })}
          >
            <Pencil aria-hidden="true" />
            Modifier
          </button>
          <button
            type="button"
            onClick={() => setDeleting(true)}
            className={buttonStyles({ variant: "ghost", className: "text-danger" })}
          >
            <Trash2 aria-hidden="true" />
            Supprimer
          </button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section aria-labelledby="expense-amounts" className="space-y-6">
          <div className="rounded-xl border bg-surface p-5 shadow-sm">
            <h2 id="expense-amounts" className="text-sm font-medium text-muted-foreground">
              Montant
            </h2>
            <p
              className="mt-1 text-3xl font-semibold tracking-tight tabular-nums"
              data-testid="expense-amount"
            >
              {formatMoney(expense.amountCents)}
            </p>
            <dl className="mt-4 space-y-2 text-sm">
              {isFranchise ? (
                <Row label="Montant TTC">{formatMoney(expense.amountCents)}</Row>
              ) : (
                <>
                  <Row label="Montant HT">{formatMoney(htCents)}</Row>
                  <Row
                    label={`TVA (${VAT_RATE_LABELS[expense.vatRateBp as VatRateBp] ?? `${expense.vatRateBp / 100} %`})`}
                  >
                    {formatMoney(expense.vatCents)}
                  </Row>
                </>
              )}
              <Row label="Catégorie">{expenseCategoryLabels[expense.category]}</Row>
              <Row label="Date">{formatDate(expense.date)}</Row>
              <Row label="Mode de paiement">
                {expense.paymentMethod ? paymentMethodLabels[expense.paymentMethod] : "Non renseigné"}
              </Row>
              {expense.projectId ? (
                <Row label="Projet">
                  <Link
                    to={paths.app.projects.detail(expense.projectId)}
                    className="text-primary hover:underline"
                  >
                    {expense.projectName ?? "Projet"}
                  </Link>
                </Row>
              ) : null}
            </dl>
            {expense.description ? (
              <p className="mt-4 border-t pt-4 text-sm whitespace-pre-line text-muted-foreground">
                {expense.description}
              </p>
            ) : null}
          </div>
          <div className="rounded-xl border bg-surface p-5 shadow-sm">
            <h2 className="text-sm font-medium text-muted-foreground">Statut</h2>
            <fieldset className="mt-3 flex flex-wrap gap-2">
              <legend className="sr-only">Changer le statut</legend>
              {expenseStatuses.map((status) => (
                <button
                  key={status}
                  type="button"
                  aria-pressed={expense.status === status}
                  disabled={update.isPending}
                  onClick={() => expense.status !== status && setStatus(status)}
                  className={cn(
                    buttonStyles({ variant: "secondary", size: "sm" }),
                    expense.status === status && "border-primary bg-accent text-accent-foreground",
                  )}
                >
                  {expenseStatusLabels[status]}
                </button>
              ))}
            </fieldset>
          </div>
        </section>
        <ReceiptPanel expense={expense} />
      </div>

      <ExpenseDialog isOpen={isEditing} onOpenChange={setEditing} expense={expense} />
      <AlertDialog.Root open={isDeleting} onOpenChange={(next) => !remove.isPending && setDeleting(next)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
          <AlertDialogContent className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-surface p-6 shadow-2xl outline-none">
            <AlertDialog.Title className="text-lg font-semibold">Supprimer cette dépense ?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
              « {expense.title} » et son justificatif seront supprimés définitivement.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel
                className={buttonStyles({ variant: "secondary" })}
                disabled={remove.isPending}
              >
                Annuler
              </AlertDialog.Cancel>
              <button
                type="button"
                onClick={onDelete}
                disabled={remove.isPending}
                className={buttonStyles({ variant: "danger" })}
              >
                {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Supprimer
              </button>
            </div>
          </AlertDialogContent>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Page>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The receipt: an image is previewed in the page; a PDF opens in a new tab (the security policy forbids
 * framing, even our own pages, so it cannot be embedded).
 */
function ReceiptPanel({ expense }: { expense: ExpenseDto }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadReceipt();
  const remove = useDeleteReceipt();
  const isBusy = upload.isPending || remove.isPending;
  const { receipt } = expense;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const check = validateReceiptFile(file);
    if (!check.valid) return setError(check.error);
    setError(null);
    upload.mutate(
      { id: expense.id, file },
      {
        onSuccess: () => toast.success("Justificatif enregistré"),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  const onRemove = () =>
    remove.mutate(expense.id, {
      onSuccess: () => toast.success("Justificatif supprimé"),
      onError: (failure) =>
        toast.error("Le justificatif n'a pas été supprimé", { description: failure.message }),
    });

  const inline = receipt ? receiptHref(expense.id, { version: receipt.id }) : "";
  return (
    <section aria-labelledby="receipt-title" className="rounded-xl border bg-surface p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="receipt-title" className="text-sm font-medium text-muted-foreground">
          Justificatif
        </h2>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={cn(
              buttonStyles({ variant: "secondary", size: "sm" }),
              "cursor-pointer",
              isBusy && "pointer-events-none opacity-50",
            )}
          >
            {upload.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {receipt ? "Remplacer" : "Joindre un justificatif"}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            className="sr-only"
            disabled={isBusy}
            onChange={onChange}
          />
          {receipt ? (
            <button
              type="button"
              onClick={onRemove}
              disabled={isBusy}
              className={buttonStyles({ variant: "ghost", size: "sm", className: "text-danger" })}
            >
              <Trash2 aria-hidden="true" />
              Retirer
            </button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {receipt ? (
        <div className="mt-4 space-y-3">
          {receipt.mimeType.startsWith("image/") ? (
            <a
              href={inline}
              target="_blank"
              rel="noreferrer"
              className="block overflow-hidden rounded-lg border bg-muted/40"
            >
              <img
                src={inline}
                alt={`Justificatif : ${receipt.name}`}
                className="mx-auto max-h-[28rem] w-auto object-contain"
              />
            </a>
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-lg border bg-muted/40 px-4 py-10 text-center">
              <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
              <a
                href={inline}
                target="_blank"
                rel="noreferrer"
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                <ExternalLink aria-hidden="true" />
                Ouvrir le PDF
              </a>
            </div>
          )}
          <div className="flex items-center justify-between gap-3 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium">{receipt.name}</p>
              <p className="text-xs text-muted-foreground">{formatSize(receipt.sizeBytes)}</p>
            </div>
            <a
              href={receiptHref(expense.id, { download: true })}
              className={buttonStyles({ variant: "ghost", size: "sm" })}
            >
              <Download aria-hidden="true" />
              Télécharger
            </a>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-center rounded-lg border border-dashed px-4 py-10 text-center">
          <Receipt className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 text-sm font-medium">Aucun justificatif</p>
          <p className="mt-1 max-w-xs text-xs text-muted-foreground">
            Photo ou PDF du ticket ou de la facture (JPEG, PNG, WebP, PDF ; 10 Mo au maximum).
          </p>
        </div>
      )}
    </section>
  );
}
