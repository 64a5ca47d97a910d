import { buttonStyles } from "@client/components/ui/button-styles";
import { AlertDialogContent } from "@client/components/ui/dialog-content";
import { LoaderCircle, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";

type Props = { clientName: string; isPending: boolean; onConfirm: () => Promise<unknown> };

/** Deleting asks first; the server refuses (409) when issued invoices name the client. */
export function DeleteClientDialog({ clientName, isPending, onConfirm }: Props) {
  const [isOpen, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={buttonStyles({ variant: "ghost", className: "text-danger hover:bg-danger/10" })}
      >
        <Trash2 aria-hidden="true" />
        Supprimer
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="shell-overlay fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <AlertDialogContent className="shell-pop fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-surface p-6 shadow-2xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Supprimer {clientName} ?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            Le client et ses coordonnées seront définitivement supprimés. Ses devis, projets, contrats et
            brouillons de facture sont conservés, sans lien vers lui. Un client déjà facturé ne peut pas être
            supprimé : passez-le en « Inactif ».
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonStyles({ variant: "secondary" })}>
              Annuler
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={isPending}
              onClick={() => onConfirm().finally(() => setOpen(false))}
              className={buttonStyles({ variant: "danger" })}
            >
              {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Supprimer définitivement
            </button>
          </div>
        </AlertDialogContent>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
