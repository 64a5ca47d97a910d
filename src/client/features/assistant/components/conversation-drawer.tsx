import { iconButtonStyles } from "@client/components/shell/shell-styles";
import { DialogContent } from "@client/components/ui/dialog-content";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { ConversationList } from "./conversation-list";

type ConversationDrawerProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/** The conversation list on a phone: a drawer from the left, closed once a conversation is picked. */
export function ConversationDrawer({ isOpen, onOpenChange }: ConversationDrawerProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="shell-overlay fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px] md:hidden" />
        <DialogContent
          aria-describedby={undefined}
          className="shell-drawer fixed inset-y-0 left-0 z-50 flex w-[90%] max-w-80 flex-col border-r bg-surface shadow-2xl outline-none md:hidden"
        >
          <Dialog.Title className="sr-only">Conversations</Dialog.Title>
          <Dialog.Close
            className={`${iconButtonStyles} absolute top-2 right-2 z-10`}
            aria-label="Fermer la liste"
          >
            <X aria-hidden="true" />
          </Dialog.Close>
          <ConversationList onSelected={() => onOpenChange(false)} />
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
