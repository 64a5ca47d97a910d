import { WithVatRegime } from "@client/components/documents/with-vat-regime";
import { buttonStyles } from "@client/components/ui/button-styles";
import { DialogContent } from "@client/components/ui/dialog-content";
import { Field } from "@client/components/ui/field";
import { SelectField } from "@client/components/ui/select-field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { parisToday } from "@shared/domain/dates";
import type { VatRegime } from "@shared/domain/legal-identity";
import { parseEurosToCents, VAT_RATE_LABELS } from "@shared/domain/money";
import { defaultVatRateBp, vatRatesFor } from "@shared/domain/vat-regime";
import { formatAmount, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import {
  createExpenseInput,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpensePaymentMethod,
  type ExpenseStatus,
  expenseCategories,
  expenseCategoryLabels,
  expensePaymentMethods,
  expenseStatuses,
  expenseStatusLabels,
  validateReceiptFile,
  vatIncludedCents,
} from "@shared/schemas/expenses";
import { paymentMethodLabels } from "@shared/schemas/invoices";
import { Paperclip } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { useCreateExpense } from "../api/create-expense";
import { useUpdateExpense } from "../api/update-expense";
import { useUploadReceipt } from "../api/upload-receipt";

// Amounts are typed in euros; the shared createExpenseInput validates the converted values.
const expenseForm = z.object({
  title: z.string(),
  supplier: z.string(),
  amount: z.string(),
  vatRate: z.string(),
  vat: z.string(),
  category: z.string(),
  date: z.string(),
  status: z.string(),
  /** Empty: not said (older expenses). */
  paymentMethod: z.string(),
  description: z.string(),
});
type ExpenseForm = z.infer<typeof expenseForm>;

const toInput = (value: ExpenseForm) => ({
  title: value.title,
  supplier: value.supplier,
  description: value.description,
  amountCents: parseEurosToCents(value.amount) ?? Number.NaN,
  vatRateBp: Number(value.vatRate),
  // Empty: the server computes the VAT included in the amount at the chosen rate.
  vatCents: value.vat.trim() ? (parseEurosToCents(value.vat) ?? Number.NaN) : undefined,
  category: value.category as ExpenseCategory,
  date: value.date || undefined,
  status: value.status as ExpenseStatus,
  paymentMethod: (value.paymentMethod || null) as ExpensePaymentMethod | null,
});

const API_FIELDS: Record<string, keyof ExpenseForm> = {
  title: "title",
  supplier: "supplier",
  description: "description",
  amountCents: "amount",
  vatRateBp: "vatRate",
  vatCents: "vat",
  category: "category",
  date: "date",
  status: "status",
  paymentMethod: "paymentMethod",
};

const resolver = zodResolver(
  expenseForm.superRefine((value, context) => {
    if (parseEurosToCents(value.amount) === null)
      context.addIssue({ code: "custom", path: ["amount"], message: "Montant invalide (ex. : 42,90)." });
    if (value.vat.trim() && parseEurosToCents(value.vat) === null)
      context.addIssue({ code: "custom", path: ["vat"], message: "Montant invalide (ex. : 7,15)." });
    for (const issue of createExpenseInput.safeParse(toInput(value)).error?.issues ?? []) {
      const field = API_FIELDS[String(issue.path[0])];
      if (field && (field !== "amount" || parseEurosToCents(value.amount) !== null))
        context.addIssue({ code: "custom", path: [field], message: issue.message });
    }
  }),
);

function defaults(regime: VatRegime, expense?: ExpenseDto): ExpenseForm {
  if (!expense)
    return {
      title: "",
      supplier: "",
      amount: "",
      vatRate: String(defaultVatRateBp(regime)),
      vat: "",
      category: "autre",
      date: parisToday(),
      status: "pending",
      paymentMethod: "",
      description: "",
    };
  const isComputedVat = expense.vatCents === vatIncludedCents(expense.amountCents, expense.vatRateBp);
  return {
    title: expense.title,
    supplier: expense.supplier ?? "",
    amount: formatAmount(expense.amountCents),
    vatRate: String(expense.vatRateBp),
    vat: isComputedVat ? "" : formatAmount(expense.vatCents),
    category: expense.category,
    date: expense.date,
    status: expense.status,
    paymentMethod: expense.paymentMethod ?? "",
    description: expense.description ?? "",
  };
}

type ExpenseDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Absent: a new expense. */
  expense?: ExpenseDto;
};

/** Creates an expense (with its receipt, optionally) or edits one; there is no separate page for it. */
export function ExpenseDialog({ isOpen, onOpenChange, expense }: ExpenseDialogProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-5 shadow-2xl outline-none sm:p-6">
          <Dialog.Title className="text-lg font-semibold">
            {expense ? "Modifier la dépense" : "Nouvelle dépense"}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Montant TTC tel qu'il figure sur le justificatif.
          </Dialog.Description>
          {/* Mounted only while open: each opening starts from the expense as it is now. */}
          {isOpen ? (
            <WithVatRegime>
              {(regime) => (
                <ExpenseFormBody expense={expense} regime={regime} onDone={() => onOpenChange(false)} />
              )}
            </WithVatRegime>
          ) : null}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ExpenseFormBody({
  expense,
  regime,
  onDone,
}: {
  expense?: ExpenseDto;
  regime: VatRegime;
  onDone: () => void;
}) {
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const upload = useUploadReceipt();
  const navigate = useNavigate();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const form = useForm<ExpenseForm>({ resolver, defaultValues: defaults(regime, expense) });
  const { errors } = form.formState;
  const [amount, vatRate] = useWatch({ control: form.control, name: ["amount", "vatRate"] });
  const amountCents = parseEurosToCents(amount ?? "");
  const computedVat = amountCents === null ? null : vatIncludedCents(amountCents, Number(vatRate));

  const onFailure = (error: Error) => {
    const issues = isApiError(error) ? (error.issues ?? []) : [];
    for (const issue of issues) {
      const field = API_FIELDS[issue.path];
      if (field) form.setError(field, { message: issue.message });
    }
    if (issues.length === 0) toast.error("Une erreur est survenue", { description: error.message });
  };

  const onSubmit = form.handleSubmit((value) => {
    const input = toInput(value);
    if (expense) {
      update.mutate(
        { id: expense.id, input: { ...input, vatCents: input.vatCents } },
        {
          onSuccess: () => {
            toast.success("Dépense enregistrée");
            onDone();
          },
          onError: onFailure,
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: async (created) => {
        if (receipt) {
          try {
            await upload.mutateAsync({ id: created.id, file: receipt });
          } catch (error) {
            toast.error("Dépense créée, mais le justificatif a été refusé", {
              description: error instanceof Error ? error.message : undefined,
            });
          }
        }
        toast.success("Dépense ajoutée", {
          description: `${created.title} · ${formatMoney(created.amountCents)}`,
        });
        onDone();
        navigate(paths.app.expenses.detail(created.id));
      },
      onError: onFailure,
    });
  });

  const onReceipt = (file: File | undefined) => {
    if (!file) return setReceipt(null);
    const check = validateReceiptFile(file);
    setReceiptError(check.valid ? null : check.error);
    setReceipt(check.valid ? file : null);
  };

  const isPending = create.isPending || update.isPending || upload.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <Field label="Intitulé" autoComplete="off" error={errors.title?.message} {...form.register("title")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Montant TTC (€)"
          inputMode="decimal"
          autoComplete="off"
          className="[&_input]:text-right [&_input]:tabular-nums"
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <Field type="date" label="Date" error={errors.date?.message} {...form.register("date")} />
      </div>
      {/* Under the franchise the VAT on purchases is not recovered: the expense counts TTC, no rate asked. */}
      {regime === "franchise" ? (
        <p className="text-sm text-muted-foreground">
          Franchise en base de TVA : la TVA de vos achats n'est pas récupérable, la dépense compte pour son
          montant TTC.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            isCompact
            label="Taux de TVA"
            error={errors.vatRate?.message}
            {...form.register("vatRate")}
          >
            {vatRatesFor(regime).map((rate) => (
              <option key={rate} value={rate}>
                {VAT_RATE_LABELS[rate]}
              </option>
            ))}
          </SelectField>
          <Field
            label="TVA (€)"
            inputMode="decimal"
            autoComplete="off"
            placeholder={computedVat === null ? "Calculée" : formatAmount(computedVat)}
            hint="Laissez vide pour la calculer depuis le taux."
            className="[&_input]:text-right [&_input]:tabular-nums"
            error={errors.vat?.message}
            {...form.register("vat")}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          isCompact
          label="Catégorie"
          error={errors.category?.message}
          {...form.register("category")}
        >
          {expenseCategories.map((category) => (
            <option key={category} value={category}>
              {expenseCategoryLabels[category]}
            </option>
          ))}
        </SelectField>
        <SelectField isCompact label="Statut" error={errors.status?.message} {...form.register("status")}>
          {expenseStatuses.map((status) => (
            <option key={status} value={status}>
              {expenseStatusLabels[status]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Fournisseur"
          placeholder="Facultatif (SNCF, Fnac…)"
          autoComplete="off"
          error={errors.supplier?.message}
          {...form.register("supplier")}
        />
        <SelectField
          isCompact
          label="Mode de paiement"
          error={errors.paymentMethod?.message}
          {...form.register("paymentMethod")}
        >
          <option value="">Non renseigné</option>
          {expensePaymentMethods.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabels[method]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="expense-description" className="text-sm font-medium">
          Description
        </label>
        <textarea
          id="expense-description"
          rows={3}
          placeholder="Facultative"
          className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
          {...form.register("description")}
        />
        {errors.description?.message ? (
          <p role="alert" className="text-sm text-danger">
            {errors.description.message}
          </p>
        ) : null}
      </div>
      {expense ? null : (
        <div className="space-y-1.5">
          <label htmlFor="expense-receipt" className="text-sm font-medium">
            Justificatif
          </label>
          <div className="flex items-center gap-3 rounded-lg border border-dashed p-3">
            <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <input
              id="expense-receipt"
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              aria-describedby="expense-receipt-hint"
              className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground"
              onChange={(event) => onReceipt(event.target.files?.[0])}
            />
          </div>
          <p id="expense-receipt-hint" className="text-xs text-muted-foreground">
            Facultatif : photo ou PDF (JPEG, PNG, WebP, PDF), 10 Mo au maximum.
          </p>
          {receiptError ? (
            <p role="alert" className="text-sm text-danger">
              {receiptError}
            </p>
          ) : null}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
        <SubmitButton isPending={isPending} disabled={Boolean(receiptError)}>
          {expense ? "Enregistrer" : "Ajouter la dépense"}
        </SubmitButton>
      </div>
    </form>
  );
}
