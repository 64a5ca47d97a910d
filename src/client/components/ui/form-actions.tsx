import { SubmitButton } from "./submit-button";

type FormActionsProps = {
  submitLabel: string;
  isPending: boolean;
  /** Shows "Annuler" before the submit button when given. */
  onCancel?: () => void;
};

/** The end of an entity form: "Annuler" then the submit button, stacked on phones (submit on top). */
export function FormActions({ submitLabel, isPending, onCancel }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel ? (
        <button
          type="button"
          onClick={onCancel}
          className="inline-flex h-10 items-center justify-center rounded-lg border bg-surface px-4 text-sm font-medium shadow-sm hover:bg-muted"
        >
          Annuler
        </button>
      ) : null}
      <SubmitButton isPending={isPending}>{submitLabel}</SubmitButton>
    </div>
  );
}
