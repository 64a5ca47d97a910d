import { AlertDialog, Dialog } from "radix-ui";
import { type ComponentProps, useState } from "react";
import { MAIN_CONTENT_ID } from "./main-content";

/**
 * Radix gives the focus back to a dialog's own `Trigger` only; ours open from state (a header button, a
 * shortcut, a row's button), so on closing the focus fell to the page's top (issue 31 item 24, WCAG 2.4.3).
 * These contents remember what had the focus when they opened and return it there, or to the page's main
 * region when that element is gone (the row was deleted, the palette that opened it has closed).
 */
function useFocusReturn(onCloseAutoFocus?: (event: Event) => void) {
  // Read during the opening render, before the dialog moves the focus inside itself.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const target =
      opener?.isConnected && opener !== document.body ? opener : document.getElementById(MAIN_CONTENT_ID);
    target?.focus();
  };
}

export function DialogContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof Dialog.Content>) {
  return <Dialog.Content {...props} onCloseAutoFocus={useFocusReturn(onCloseAutoFocus)} />;
}

export function AlertDialogContent({
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialog.Content>) {
  return <AlertDialog.Content {...props} onCloseAutoFocus={useFocusReturn(onCloseAutoFocus)} />;
}
