import { Field } from "@client/components/ui/field";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { type ReactNode, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DocumentDialog } from "./document-dialog";

const sendForm = z.object({ to: z.string(), message: z.string() });
type SendForm = z.infer<typeof sendForm>;

/** What the dialog hands to `onSend`: no recipient means the document's client. */
export type SendDocumentValues = { to: string | undefined; message: string };

type Props = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Under the title, e.g. "Le PDF de la facture est joint automatiquement." */
  description: string;
  /** Shown above the form (a draft invoice's issue warning). */
  notice?: ReactNode;
  defaultRecipient: string;
  /** The message the freelancer starts from and edits freely. */
  defaultMessage: string;
  /** The operation's shared input schema (its `to` and `message`): the form checks what the route will. */
  schema: z.ZodType;
  submitLabel: string;
  isPending: boolean;
  /** Sends; resolves once sent (the dialog closes), rejects with the API error (shown on its field). */
  onSend: (values: SendDocumentValues) => Promise<unknown>;
};

/**
 * "Envoyer par e-mail" for any document (invoice, quote): recipient and editable message; the server
 * attaches the PDF. The caller says what is sent and toasts the success.
 */
export function SendDocumentDialog({
  isOpen,
  onOpenChange,
  description,
  notice,
  defaultRecipient,
  defaultMessage,
  schema,
  submitLabel,
  isPending,
  onSend,
}: Props) {
  const messageId = useId();
  const form = useForm<SendForm>({
    resolver: zodResolver(
      sendForm.superRefine((value, context) => {
        const parsed = schema.safeParse({ to: value.to.trim() || undefined, message: value.message });
        for (const issue of parsed.error?.issues ?? []) {
          context.addIssue({
            code: "custom",
            path: [String(issue.path[0]) === "to" ? "to" : "message"],
            message: issue.message,
          });
        }
      }),
    ),
    values: { to: defaultRecipient, message: defaultMessage },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ to, message }) => {
    try {
      await onSend({ to: to.trim() || undefined, message });
      onOpenChange(false);
    } catch (error) {
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      form.setError(issue?.path === "to" ? "to" : "message", {
        message: issue?.message ?? (error instanceof Error ? error.message : "Une erreur est survenue."),
      });
    }
  });

  return (
    <DocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Envoyer par e-mail"
      description={description}
      onSubmit={onSubmit}
      isPending={isPending}
      submitLabel={submitLabel}
      width="wide"
    >
      {notice ? (
        <p
          role="note"
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
        >
          {notice}
        </p>
      ) : null}
      <Field
        label="Destinataire"
        type="email"
        autoComplete="email"
        error={errors.to?.message}
        {...form.register("to")}
      />
      <div className="space-y-1.5">
        <label htmlFor={messageId} className="text-sm font-medium">
          Message
        </label>
        <textarea
          id={messageId}
          rows={9}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
          {...form.register("message")}
        />
        {errors.message ? (
          <p id={`${messageId}-error`} role="alert" className="text-sm text-danger">
            {errors.message.message}
          </p>
        ) : null}
      </div>
    </DocumentDialog>
  );
}
