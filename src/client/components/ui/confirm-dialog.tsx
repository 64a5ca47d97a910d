import { buttonStyles } from "@client/components/ui/button-styles";
import { AlertDialogContent } from "@client/components/ui/dialog-content";
import { LoaderCircle } from "lucide-react";
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";

type ConfirmDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  isDestructive?: boolean;
  /** The action cannot be done yet (the dialog's content says why). */
  isConfirmDisabled?: boolean;
};

/** A yes/no question before an action that cannot be undone; it stays open while the request runs. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  isPending,
  isDestructive = false,
  isConfirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <AlertDialogContent className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-6 shadow-2xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-3 text-sm text-muted-foreground">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonStyles({ variant: "secondary" })} disabled={isPending}>
              Annuler
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={onConfirm}
              disabled={isPending || isConfirmDisabled}
              className={buttonStyles({ variant: isDestructive ? "danger" : "primary" })}
            >
              {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialogContent>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
