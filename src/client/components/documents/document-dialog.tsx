import { buttonStyles } from "@client/components/ui/button-styles";
import { DialogContent } from "@client/components/ui/dialog-content";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { Dialog } from "radix-ui";
import type { ComponentProps, FormEventHandler, ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

export const dialogSelectClass =
  "h-11 w-full rounded-lg border bg-surface px-3 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm";

type DocumentDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** What the amount is measured against (what is left to pay, to credit…), or what is sent. */
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  submitLabel: string;
  /** A one-field dialog is narrower, one with a long message wider. */
  width?: "narrow" | "normal" | "wide";
  children: ReactNode;
};

/**
 * A short form in a dialog about an invoice or a quote (a payment, a refund, a credit note, a deposit, an
 * e-mail): title, one line on what it does or is measured against, the fields, « Annuler » and submit.
 */
export function DocumentDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  onSubmit,
  isPending,
  submitLabel,
  width = "normal",
  children,
}: DocumentDialogProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogContent
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-6 shadow-2xl outline-none",
            width === "narrow" && "max-w-sm",
            width === "wide" && "max-w-lg",
          )}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {children}
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
              <SubmitButton isPending={isPending}>{submitLabel}</SubmitButton>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An amount in euros, typed the French way (« 1 250,75 »), right-aligned. */
export function AmountField(props: ComponentProps<typeof Field>) {
  return (
    <Field
      inputMode="decimal"
      autoComplete="off"
      className="[&_input]:text-right [&_input]:tabular-nums"
      {...props}
    />
  );
}

/** A refusal from the server, shown on the dialog's main field: its first issue, else its message. */
export function showRefusal<Values extends FieldValues>(form: UseFormReturn<Values>, field: Path<Values>) {
  return (error: Error) => {
    const issue = isApiError(error) ? error.issues?.[0] : undefined;
    form.setError(field, { message: issue?.message ?? error.message });
  };
}
