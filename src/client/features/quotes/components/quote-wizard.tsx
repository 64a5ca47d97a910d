import {
  ClientPickerField,
  DocumentDiscountField,
  LinesFields,
  useLiveTotals,
} from "@client/components/documents/document-form-fields";
import { formPath } from "@client/components/documents/line-values";
import { TotalsSummary } from "@client/components/documents/totals-summary";
import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { zodResolver } from "@client/lib/form";
import type { VatRegime } from "@shared/domain/legal-identity";
import { formatDate, formatMoney } from "@shared/format";
import type { CreateQuoteInput } from "@shared/schemas/quotes";
import { ArrowLeft, ArrowRight, Check, Save } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { toast } from "sonner";
import { type QuoteFormValues, quoteFormSchema, STEP_FIELDS, toQuoteInput } from "./quote-form-values";

const STEPS = [
  { id: "client", title: "Client" },
  { id: "lines", title: "Prestations" },
  { id: "validity", title: "Validité et notes" },
  { id: "review", title: "Relecture" },
] as const;
type StepId = (typeof STEPS)[number]["id"];

type QuoteWizardProps = {
  defaultValues: QuoteFormValues;
  submitLabel: string;
  onSubmit: (input: CreateQuoteInput) => Promise<unknown>;
  onCancel: () => void;
  vatRegime: VatRegime;
};

const sectionClass = "rounded-2xl border bg-surface p-4 shadow-sm sm:p-6";
const textareaClass =
  "mt-1.5 w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm";

/** The step that holds a server issue's field, so a refused save takes the user back to it. */
function stepOf(path: string): StepId {
  if (path.startsWith("lines") || path === "discount") return "lines";
  if (path === "clientName" || path === "clientId") return "client";
  return "validity";
}

/**
 * A quote in four short steps: the client, the lines with live totals, validity and notes, then a review.
 * Each step checks its own fields (shared schema, French messages) before the next one opens.
 */
export function QuoteWizard({ defaultValues, submitLabel, onSubmit, onCancel, vatRegime }: QuoteWizardProps) {
  const id = useId();
  const [stepIndex, setStepIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // onChange: once a step's "Suivant" has shown errors, they clear as the user corrects each field.
  const form = useForm<QuoteFormValues>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues,
    mode: "onChange",
  });
  const { errors, isSubmitting } = form.formState;
  const totals = useLiveTotals(form);
  const step = STEPS[stepIndex] ?? STEPS[0];

  const goTo = (index: number) => {
    setStepIndex(index);
    // The new step's heading takes the focus, so keyboard and screen-reader users start at its top.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = async () => {
    if (step.id === "review") return;
    const isValid = await form.trigger([...STEP_FIELDS[step.id]] as FieldPath<QuoteFormValues>[], {
      shouldFocus: true,
    });
    if (isValid) goTo(stepIndex + 1);
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(toQuoteInput(values));
      } catch (error) {
        const message = error instanceof Error ? error.message : "Une erreur est survenue.";
        const issues = isApiError(error) ? (error.issues ?? []) : [];
        for (const issue of issues) {
          const path = issue.path === "clientId" ? "clientName" : formPath(issue.path);
          form.setError(path as FieldPath<QuoteFormValues>, { message: issue.message });
        }
        const first = issues[0];
        if (first) goTo(STEPS.findIndex((candidate) => candidate.id === stepOf(first.path)));
        toast.error("Le devis n'a pas été enregistré", { description: message });
      }
    },
    (fieldErrors) => {
      const first = Object.keys(fieldErrors)[0];
      if (first) goTo(STEPS.findIndex((candidate) => candidate.id === stepOf(first)));
    },
  );

  const values = form.getValues();
  return (
    <form
      onSubmit={(event) => {
        // Enter in a field moves forward; only the review step saves.
        if (step.id !== "review") {
          event.preventDefault();
          void next();
          return;
        }
        void submit(event);
      }}
      noValidate
      className="space-y-6"
    >
      <ol className="grid grid-cols-4 gap-2" aria-label="Étapes">
        {STEPS.map((candidate, index) => {
          const isDone = index < stepIndex;
          const isCurrent = index === stepIndex;
          return (
            <li key={candidate.id} aria-current={isCurrent ? "step" : undefined}>
              <button
                type="button"
                disabled={index > stepIndex}
                onClick={() => goTo(index)}
                className="group flex w-full flex-col gap-2 text-left disabled:cursor-default"
              >
                <span
                  className={cn(
                    "h-1.5 w-full rounded-full bg-muted transition-colors",
                    (isDone || isCurrent) && "bg-primary",
                  )}
                />
                <span
                  className={cn(
                    "flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm",
                    isCurrent && "text-foreground",
                  )}
                >
                  {isDone ? <Check className="size-3.5 shrink-0 text-primary" aria-hidden="true" /> : null}
                  <span className="hidden sm:inline">{index + 1}. </span>
                  <span className={cn(!isCurrent && "max-sm:sr-only")}>{candidate.title}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>

      <section className={sectionClass} aria-labelledby={`${id}-step`}>
        <h2 id={`${id}-step`} ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
          Étape {stepIndex + 1} sur {STEPS.length} · {step.title}
        </h2>

        {step.id === "client" ? (
          <div className="mt-4 max-w-xl">
            <ClientPickerField form={form} documentLabel="le devis" />
          </div>
        ) : null}

        {step.id === "lines" ? (
          <LinesFields form={form} totals={totals} vatRegime={vatRegime}>
            <DocumentDiscountField form={form} />
          </LinesFields>
        ) : null}

        {step.id === "validity" ? (
          <div className="mt-4 grid gap-5">
            <Field
              type="date"
              label="Valable jusqu'au"
              className="max-w-xs"
              hint="Laissé vide : la durée de validité de vos paramètres (30 jours par défaut)."
              error={errors.validUntil?.message}
              {...form.register("validUntil")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                type="date"
                label="Début des travaux"
                error={errors.startDate?.message}
                {...form.register("startDate")}
              />
              <Field
                label="Durée estimée"
                placeholder="3 semaines"
                error={errors.estimatedDuration?.message}
                {...form.register("estimatedDuration")}
              />
              <Field
                label="Prix du devis (TTC)"
                inputMode="decimal"
                placeholder="Gratuit"
                hint="Vide : « Devis gratuit » est imprimé."
                error={errors.fee?.message}
                {...form.register("fee")}
              />
              <Field
                label="Acompte demandé (%)"
                inputMode="decimal"
                autoComplete="off"
                placeholder="Aucun"
                hint="Imprimé sur le devis avec son montant."
                error={errors.depositPercent?.message}
                {...form.register("depositPercent")}
              />
            </div>
            <div>
              <label htmlFor={`${id}-notes`} className="text-sm font-medium">
                Notes
              </label>
              <p className="text-xs text-muted-foreground">Imprimées sous les totaux (acompte, délais…).</p>
              <textarea
                id={`${id}-notes`}
                rows={3}
                aria-invalid={errors.notes ? true : undefined}
                className={textareaClass}
                {...form.register("notes")}
              />
              {errors.notes ? <p className="text-sm text-danger">{errors.notes.message}</p> : null}
            </div>
            <div>
              <label htmlFor={`${id}-terms`} className="text-sm font-medium">
                Conditions particulières
              </label>
              <textarea
                id={`${id}-terms`}
                rows={2}
                aria-invalid={errors.terms ? true : undefined}
                className={textareaClass}
                {...form.register("terms")}
              />
              {errors.terms ? <p className="text-sm text-danger">{errors.terms.message}</p> : null}
            </div>
          </div>
        ) : null}

        {step.id === "review" ? (
          <div className="mt-4 space-y-5 text-sm">
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Client</dt>
                <dd className="font-medium">{values.clientName}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Valable jusqu'au</dt>
                <dd className="font-medium">
                  {values.validUntil ? formatDate(values.validUntil) : "Durée de vos paramètres"}
                </dd>
              </div>
            </dl>
            <ul className="divide-y border-y" aria-label="Lignes du devis">
              {values.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only snapshot, the lines do not move here.
                <li key={index} className="flex gap-3 py-2.5">
                  <span className="min-w-0 flex-1 whitespace-pre-line">{line.description}</span>
                  <span className="shrink-0 font-medium tabular-nums">
                    {formatMoney(totals.lineTotalsCents[index] ?? 0)}
                  </span>
                </li>
              ))}
            </ul>
            <div className="flex justify-end">
              <TotalsSummary
                totals={totals}
                discount={totals.discount}
                isFranchise={vatRegime === "franchise"}
                className="w-full sm:max-w-xs"
              />
            </div>
            {values.notes.trim() ? (
              <p className="whitespace-pre-line text-muted-foreground">{values.notes}</p>
            ) : null}
          </div>
        ) : null}
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:justify-between sm:border-0 sm:bg-transparent sm:px-0 sm:py-0">
        <button
          type="button"
          onClick={() => (stepIndex === 0 ? onCancel() : goTo(stepIndex - 1))}
          className={buttonStyles({ variant: "secondary", className: "flex-1 sm:flex-none" })}
        >
          {stepIndex === 0 ? (
            "Annuler"
          ) : (
            <>
              <ArrowLeft aria-hidden="true" />
              Précédent
            </>
          )}
        </button>
        {step.id === "review" ? (
          <SubmitButton
            isPending={isSubmitting}
            icon={<Save aria-hidden="true" />}
            className="flex-1 sm:flex-none"
          >
            {submitLabel}
          </SubmitButton>
        ) : (
          <button type="submit" className={buttonStyles({ className: "flex-1 sm:flex-none" })}>
            Suivant
            <ArrowRight aria-hidden="true" />
          </button>
        )}
      </div>
    </form>
  );
}
