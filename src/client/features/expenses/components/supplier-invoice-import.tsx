import { buttonStyles } from "@client/components/ui/button-styles";
import { DialogContent } from "@client/components/ui/dialog-content";
import { Field } from "@client/components/ui/field";
import { SelectField } from "@client/components/ui/select-field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { formatCount, formatDate, formatMoney, formatMoneyIn } from "@shared/format";
import { paths } from "@shared/paths";
import {
  type ConfirmSupplierInvoiceInput,
  moreLinesNote,
  type SupplierInvoiceDto,
  type SupplierInvoicePreviewDto,
  supplierInvoiceFormatLabels,
} from "@shared/schemas/einvoicing";
import {
  type ExpenseCategory,
  type ExpenseDto,
  type ExpensePaymentMethod,
  type ExpenseStatus,
  expenseCategories,
  expenseCategoryLabels,
  expensePaymentMethods,
  expenseStatuses,
  expenseStatusLabels,
  supplierDocumentKindLabels,
} from "@shared/schemas/expenses";
import { paymentMethodLabels } from "@shared/schemas/invoices";
import { FILE_ERROR_MESSAGES, MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import { FileUp } from "lucide-react";
import { Dialog } from "radix-ui";
import { type DragEvent, type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useConfirmSupplierInvoice, usePreviewSupplierInvoice } from "../api/import-supplier-invoice";

const ACCEPT = ".pdf,.xml,application/pdf,application/xml,text/xml";

/**
 * Supplier e-invoices (Factur-X, CII, UBL) dropped or chosen on the Dépenses page: the server reads the
 * file, the user checks the prefilled expense, and confirming sends the same file to be kept as the receipt.
 */
export function SupplierInvoiceImport() {
  const preview = usePreviewSupplierInvoice();
  const [pending, setPending] = useState<{ file: File; preview: SupplierInvoicePreviewDto } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isOver, setOver] = useState(false);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // The server says the same; refusing here spares uploading 10 MB for nothing.
    if (file.size > MAX_FILE_SIZE_BYTES) return setError(FILE_ERROR_MESSAGES.tooLarge);
    preview.mutate(file, {
      onSuccess: (result) => setPending({ file, preview: result }),
      onError: (failure) => {
        const details = isApiError(failure) ? (failure.issues ?? []).map((issue) => issue.message) : [];
        setError([failure.message, ...details].join(" "));
      },
    });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0]);
  };

  return (
    <section aria-label="Importer une facture fournisseur">
      {/* The whole zone is the file input's label: a click anywhere opens the picker, a drop reads the file. */}
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          "flex cursor-pointer flex-col items-start gap-3 rounded-xl border border-dashed p-4 focus-within:ring-2 focus-within:ring-ring/30 sm:flex-row sm:items-center",
          isOver && "border-primary bg-primary/5",
        )}
      >
        <FileUp className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="flex-1 text-sm text-muted-foreground">
          Déposez ici une facture électronique fournisseur (Factur-X, CII ou UBL, 10 Mo au maximum) : la
          dépense est préremplie et la facture gardée comme justificatif.
        </span>
        <span className={buttonStyles({ variant: "secondary" })}>
          {preview.isPending ? "Lecture…" : "Importer une facture"}
        </span>
        <input
          type="file"
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ConfirmUploadDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}

type ConfirmTarget = {
  preview: SupplierInvoicePreviewDto;
  submit: (input: ConfirmSupplierInvoiceInput) => Promise<ExpenseDto>;
};

function ConfirmUploadDialog({
  pending,
  onClose,
}: {
  pending: { file: File; preview: SupplierInvoicePreviewDto } | null;
  onClose: () => void;
}) {
  const confirm = useConfirmSupplierInvoice();
  return (
    <ConfirmSupplierInvoiceDialog
      target={
        pending && {
          preview: pending.preview,
          submit: (input) => confirm.mutateAsync({ file: pending.file, input }),
        }
      }
      onClose={onClose}
      isPending={confirm.isPending}
    />
  );
}

/**
 * The prefilled expense of a supplier e-invoice, for the user to check and complete: an uploaded file or
 * one received through the platform (« Factures reçues »); `submit` is the caller's confirmation.
 */
export function ConfirmSupplierInvoiceDialog({
  target,
  onClose,
  isPending,
}: {
  target: ConfirmTarget | null;
  onClose: () => void;
  isPending: boolean;
}) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-5 shadow-2xl outline-none sm:p-6">
          <Dialog.Title className="text-lg font-semibold">Importer la facture fournisseur</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Vérifiez la dépense préremplie ; les montants et le fournisseur viennent de la facture.
          </Dialog.Description>
          {target ? <ConfirmImportForm {...target} isPending={isPending} onDone={onClose} /> : null}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ConfirmImportForm({
  preview: { invoice, draft },
  isPending,
  submit,
  onDone,
}: ConfirmTarget & { isPending: boolean; onDone: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(draft.title);
  const [category, setCategory] = useState<ExpenseCategory>("autre");
  const [status, setStatus] = useState<ExpenseStatus>("pending");
  const [paymentMethod, setPaymentMethod] = useState<ExpensePaymentMethod | "">("");
  const [titleError, setTitleError] = useState<string>();
  const [exchangeRate, setExchangeRate] = useState("");
  const [rateError, setRateError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({
      title,
      category,
      status,
      // With a rate to give, the server writes the description again with the converted amounts.
      ...(draft.needsExchangeRate
        ? { exchangeRate: exchangeRate.trim() }
        : { description: draft.description }),
      paymentMethod: paymentMethod || null,
    }).then(
      (expense) => {
        toast.success("Facture importée", {
          description: `${expense.title} · ${formatMoney(expense.amountCents)}`,
        });
        onDone();
        navigate(paths.app.expenses.detail(expense.id));
      },
      (error: Error) => {
        const issueAt = (path: string) =>
          isApiError(error) ? error.issues?.find((item) => item.path === path) : undefined;
        const [titleIssue, rateIssue] = [issueAt("title"), issueAt("exchangeRate")];
        if (titleIssue) setTitleError(titleIssue.message);
        if (rateIssue) setRateError(rateIssue.message);
        if (!titleIssue && !rateIssue) toast.error("Import refusé", { description: error.message });
      },
    );
  };
  const facts: [string, string][] = [
    ["Fournisseur", draft.supplier],
    ["SIREN", invoice.supplier.siren ?? "—"],
    ["N° de TVA", invoice.supplier.vatNumber ?? "—"],
    ["Facture n°", invoice.number],
    ["Format", supplierInvoiceFormatLabels[invoice.format]],
    ["Date", formatDate(invoice.issueDate)],
    ["Échéance", invoice.dueDate ? formatDate(invoice.dueDate) : "—"],
    ["Document", supplierDocumentKindLabels[draft.kind]],
    ["Total HT", formatMoneyIn(invoice.totals.netCents, invoice.currency)],
    ["TVA", formatMoneyIn(invoice.totals.vatCents, invoice.currency)],
    ["Total TTC", formatMoneyIn(invoice.totals.grossCents, invoice.currency)],
    ...(draft.needsExchangeRate
      ? []
      : ([
          ["Dépense", formatMoney(draft.amountCents)],
          ["TVA déductible", formatMoney(draft.vatCents)],
        ] as [string, string][])),
  ];
  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted/50 p-3 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <InvoiceLines invoice={invoice} />
      {draft.needsExchangeRate ? (
        <Field
          label={`Taux de change (euros pour 1 ${invoice.currency})`}
          inputMode="decimal"
          placeholder="0,9215"
          value={exchangeRate}
          onChange={(event) => setExchangeRate(event.target.value)}
          error={rateError}
        />
      ) : null}
      <Field
        label="Intitulé"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={titleError}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          isCompact
          label="Catégorie"
          value={category}
          onChange={(event) => setCategory(event.target.value as ExpenseCategory)}
        >
          {expenseCategories.map((value) => (
            <option key={value} value={value}>
              {expenseCategoryLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          isCompact
          label="Statut"
          value={status}
          onChange={(event) => setStatus(event.target.value as ExpenseStatus)}
        >
          {expenseStatuses.map((value) => (
            <option key={value} value={value}>
              {expenseStatusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        isCompact
        label="Mode de paiement"
        value={paymentMethod}
        onChange={(event) => setPaymentMethod(event.target.value as ExpensePaymentMethod | "")}
      >
        <option value="">Non renseigné</option>
        {expensePaymentMethods.map((value) => (
          <option key={value} value={value}>
            {paymentMethodLabels[value]}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
        <SubmitButton isPending={isPending}>Créer la dépense</SubmitButton>
      </div>
    </form>
  );
}

/**
 * The invoice's lines, folded: the server answers the first ones only (SHOWN_INVOICE_LINES), and says how
 * many more the file holds, which its totals count.
 */
function InvoiceLines({ invoice }: { invoice: SupplierInvoiceDto }) {
  const more = moreLinesNote(invoice);
  return (
    <details className="rounded-lg border p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        {formatCount(invoice.lineCount, "ligne")} sur la facture
      </summary>
      <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
        {invoice.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity; their order in the file is stable
          <li key={index} className="flex justify-between gap-4">
            <span className="min-w-0 break-words">{line.description || "Ligne"}</span>
            <span className="shrink-0 tabular-nums">{formatMoneyIn(line.netCents, invoice.currency)} HT</span>
          </li>
        ))}
      </ul>
      {more ? <p className="mt-2 text-muted-foreground">{more}</p> : null}
    </details>
  );
}
