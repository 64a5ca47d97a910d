import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { formatDate, formatMoney } from "@shared/format";
import { type InvoiceDto, sendInvoiceInput } from "@shared/schemas/invoices";
import { Dialog } from "radix-ui";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { useSendInvoice } from "../api/send-invoice";

const sendForm = z.object({ to: z.string(), message: z.string() });
type SendForm = z.infer<typeof sendForm>;

/** The message the freelancer starts from; they edit it freely before sending. */
export function defaultInvoiceMessage(invoice: InvoiceDto, sellerName: string): string {
  const what = invoice.kind === "avoir" ? "l'avoir" : "la facture";
  const number = invoice.invoiceNumber ? ` ${invoice.invoiceNumber}` : "";
  const due =
    invoice.kind === "facture" && invoice.dueDate ? `, à régler avant le ${formatDate(invoice.dueDate)}` : "";
  return [
    "Bonjour,",
    `Veuillez trouver ci-joint ${what}${number} d'un montant de ${formatMoney(invoice.totalCents)}${due}.`,
    "Je reste à votre disposition pour toute question.",
    `Cordialement,\n${sellerName}`,
  ].join("\n\n");
}

type Props = {
  invoice: InvoiceDto;
  sellerName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** "Envoyer par email": recipient, editable message, the PDF attached by the server; a draft is issued first. */
export function SendInvoiceDialog({ invoice, sellerName, isOpen, onOpenChange }: Props) {
  const send = useSendInvoice();
  const isDraft = invoice.status === "brouillon";
  const form = useForm<SendForm>({
    resolver: zodResolver(
      sendForm.superRefine((value, context) => {
        const parsed = sendInvoiceInput.safeParse({
          to: value.to.trim() || undefined,
          message: value.message,
        });
        for (const issue of parsed.error?.issues ?? []) {
          context.addIssue({
            code: "custom",
            path: [String(issue.path[0]) === "to" ? "to" : "message"],
            message: issue.message,
          });
        }
      }),
    ),
    values: { to: invoice.buyer?.email ?? "", message: defaultInvoiceMessage(invoice, sellerName) },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ to, message }) =>
    send.mutate(
      { id: invoice.id, input: { to: to.trim() || undefined, message, issueDraft: isDraft } },
      {
        onSuccess: (sent) => {
          toast.success("Email envoyé", {
            description: `${sent.invoiceNumber} envoyée${to ? ` à ${to.trim()}` : ""}.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          const issue = isApiError(error) ? error.issues?.[0] : undefined;
          form.setError(issue?.path === "to" ? "to" : "message", {
            message: issue?.message ?? error.message,
          });
        },
      },
    ),
  );

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-6 shadow-2xl outline-none">
          <Dialog.Title className="text-lg font-semibold">Envoyer par e-mail</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Le PDF de la facture est joint automatiquement.
          </Dialog.Description>
          {isDraft ? (
            <p
              role="note"
              className="mt-4 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
            >
              Ce brouillon sera d'abord émis : il recevra son numéro définitif et ne pourra plus être modifié.
            </p>
          ) : null}
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <Field
              label="Destinataire"
              type="email"
              autoComplete="email"
              error={errors.to?.message}
              {...form.register("to")}
            />
            <div className="space-y-1.5">
              <label htmlFor="send-message" className="text-sm font-medium">
                Message
              </label>
              <textarea
                id="send-message"
                rows={9}
                aria-invalid={errors.message ? true : undefined}
                className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
                {...form.register("message")}
              />
              {errors.message ? (
                <p role="alert" className="text-sm text-danger">
                  {errors.message.message}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonStyles({ variant: "ghost" })}>Annuler</Dialog.Close>
              <SubmitButton isPending={send.isPending}>
                {isDraft ? "Émettre et envoyer" : "Envoyer"}
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
