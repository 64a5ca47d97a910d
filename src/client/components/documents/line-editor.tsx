import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import type { VatRegime } from "@shared/domain/legal-identity";
import { vatRatesFor } from "@shared/domain/vat-regime";
import { formatMoney } from "@shared/format";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { type DocumentLinesFormValues, emptyLine } from "./line-values";
import { vatRateLabel } from "./totals-summary";

const cellInput =
  "h-10 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-sm outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm";
const cellLabel = "mb-1 block text-xs font-medium text-muted-foreground md:sr-only";
// Description, quantity, unit, unit price, VAT, line total, actions.
const columns = "md:grid md:grid-cols-[minmax(0,1fr)_4.5rem_5rem_7.5rem_5.5rem_6rem_7.5rem_6.5rem] md:gap-2";

type LineEditorProps<Values extends DocumentLinesFormValues> = {
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  /** Excl. VAT per line, from computeTotals, in the same order as the lines. */
  lineTotalsCents: number[];
  vatRegime: VatRegime;
};

/**
 * The lines of an invoice or a quote: add, remove and reorder; each line shows its total excl. VAT as it
 * is typed. Works on any form whose values have `lines`.
 */
export function LineEditor<Values extends DocumentLinesFormValues>(props: LineEditorProps<Values>) {
  // Every field this editor touches lives under `lines`, which the constraint guarantees.
  const { control, register, errors, lineTotalsCents, vatRegime } =
    props as unknown as LineEditorProps<DocumentLinesFormValues>;
  const rates = vatRatesFor(vatRegime);
  const id = useId();
  const { fields, append, remove, move } = useFieldArray({ control, name: "lines" });
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <div>
      <div
        className={cn(
          "hidden border-b pb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase",
          columns,
        )}
        aria-hidden="true"
      >
        <span>Description</span>
        <span className="text-right">Qté</span>
        <span>Unité</span>
        <span className="text-right">Prix unit. HT</span>
        <span className="text-right">Remise</span>
        <span>TVA</span>
        <span className="text-right">Total HT</span>
        <span />
      </div>
      <ol className="space-y-3 md:space-y-0">
        {fields.map((field, index) => {
          const lineErrors = errors.lines?.[index];
          const number = index + 1;
          const fieldId = (name: string) => `${id}-${field.id}-${name}`;
          return (
            <li
              key={field.id}
              aria-label={`Ligne ${number}`}
              className={cn(
                "rounded-xl border bg-surface p-3 md:items-start md:rounded-none md:border-0 md:border-b md:bg-transparent md:px-0 md:py-3",
                columns,
              )}
            >
              <div>
                <label htmlFor={fieldId("description")} className={cellLabel}>
                  Description<span className="sr-only"> (ligne {number})</span>
                </label>
                <textarea
                  id={fieldId("description")}
                  rows={1}
                  placeholder="Prestation, livrable…"
                  aria-invalid={lineErrors?.description ? true : undefined}
                  className={cn(cellInput, "field-sizing-content min-h-10 resize-none py-2")}
                  {...register(`lines.${index}.description`)}
                />
                <FieldError message={lineErrors?.description?.message} />
              </div>
              <div className="mt-3 grid grid-cols-2 gap-3 md:contents">
                <div className="md:mt-0">
                  <label htmlFor={fieldId("quantity")} className={cellLabel}>
                    Quantité<span className="sr-only"> (ligne {number})</span>
                  </label>
                  <input
                    id={fieldId("quantity")}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-invalid={lineErrors?.quantity ? true : undefined}
                    className={cn(cellInput, "text-right tabular-nums")}
                    {...register(`lines.${index}.quantity`)}
                  />
                  <FieldError message={lineErrors?.quantity?.message} />
                </div>
                <div>
                  <label htmlFor={fieldId("unit")} className={cellLabel}>
                    Unité<span className="sr-only"> (ligne {number})</span>
                  </label>
                  <input
                    id={fieldId("unit")}
                    placeholder="h, jour…"
                    autoComplete="off"
                    aria-invalid={lineErrors?.unit ? true : undefined}
                    className={cellInput}
                    {...register(`lines.${index}.unit`)}
                  />
                  <FieldError message={lineErrors?.unit?.message} />
                </div>
                <div>
                  <label htmlFor={fieldId("unitPrice")} className={cellLabel}>
                    Prix unitaire HT<span className="sr-only"> (ligne {number})</span>
                  </label>
                  <div className="relative">
                    <input
                      id={fieldId("unitPrice")}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0,00"
                      aria-invalid={lineErrors?.unitPrice ? true : undefined}
                      className={cn(cellInput, "pr-7 text-right tabular-nums")}
                      {...register(`lines.${index}.unitPrice`)}
                    />
                    <span
                      className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-sm text-muted-foreground"
                      aria-hidden="true"
                    >
                      €
                    </span>
                  </div>
                  <FieldError message={lineErrors?.unitPrice?.message} />
                </div>
                <div>
                  <label htmlFor={fieldId("discount")} className={cellLabel}>
                    Remise<span className="sr-only"> (ligne {number}, en % ou en €)</span>
                  </label>
                  <input
                    id={fieldId("discount")}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="10 % ou 50 €"
                    aria-invalid={lineErrors?.discount ? true : undefined}
                    className={cn(cellInput, "text-right tabular-nums")}
                    {...register(`lines.${index}.discount`)}
                  />
                  <FieldError message={lineErrors?.discount?.message} />
                </div>
                <div>
                  <label htmlFor={fieldId("vat")} className={cellLabel}>
                    TVA<span className="sr-only"> (ligne {number})</span>
                  </label>
                  {/* One rate allowed (franchise): shown, not offered, so it cannot contradict the regime. */}
                  {rates.length === 1 ? (
                    <output
                      id={fieldId("vat")}
                      className="flex h-10 items-center px-1 text-sm text-muted-foreground tabular-nums"
                    >
                      {vatRateLabel(rates[0] ?? 0)}
                    </output>
                  ) : (
                    <select
                      id={fieldId("vat")}
                      aria-invalid={lineErrors?.vatRateBp ? true : undefined}
                      className={cn(cellInput, "px-2")}
                      {...register(`lines.${index}.vatRateBp`)}
                    >
                      {rates.map((rate) => (
                        <option key={rate} value={String(rate)}>
                          {vatRateLabel(rate)}
                        </option>
                      ))}
                    </select>
                  )}
                  <FieldError message={lineErrors?.vatRateBp?.message} />
                </div>
              </div>
              <div className="mt-3 flex items-center justify-between gap-2 border-t pt-3 md:contents">
                <p className="text-sm md:flex md:h-10 md:items-center md:justify-end">
                  <span className="text-muted-foreground md:sr-only">Total HT : </span>
                  <output
                    className="font-medium tabular-nums"
                    aria-label={`Total HT de la ligne ${number}`}
                    data-testid={`line-total-${index}`}
                  >
                    {formatMoney(lineTotalsCents[index] ?? 0)}
                  </output>
                </p>
                <div className="flex items-center justify-end gap-0.5 md:h-10">
                  <IconButton
                    label={`Monter la ligne ${number}`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Descendre la ligne ${number}`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Supprimer la ligne ${number}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(index)}
                    isDanger
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <FieldError message={linesError} />
      <button
        type="button"
        onClick={() => append(emptyLine(vatRegime), { shouldFocus: true })}
        className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-3" })}
      >
        <Plus aria-hidden="true" />
        Ajouter une ligne
      </button>
    </div>
  );
}

function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-1 text-xs text-danger">
      {message}
    </p>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  isDanger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  isDanger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        "flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-30 [&_svg]:size-4",
        isDanger && "hover:bg-danger/10 hover:text-danger",
      )}
    >
      {children}
    </button>
  );
}
