import { buttonStyles } from "@client/components/ui/button-styles";
import { type Section, sectionLabels } from "@client/lib/section";
import { paths } from "@shared/paths";
import { ArrowRight, Sparkles, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import { iconButtonStyles } from "./shell-styles";

type AssistantDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Where the user is (spec §2): the assistant starts from it. */
  section: Section;
};

/** The header's IA button opens this; the assistant itself (chat, voice, actions, document) fills the body. */
export function AssistantDialog({ isOpen, onOpenChange, section }: AssistantDialogProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="shell-overlay fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content className="shell-pop fixed top-1/2 left-1/2 z-50 flex h-[90dvh] w-[calc(100%-1.5rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border bg-surface shadow-2xl outline-none">
          <header className="flex items-center gap-3 border-b px-5 py-4">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <Sparkles className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold">Assistant IA</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Contexte : {sectionLabels[section]}
              </Dialog.Description>
            </div>
            <Dialog.Close className={iconButtonStyles} aria-label="Fermer l'assistant">
              <X aria-hidden="true" />
            </Dialog.Close>
          </header>

          <div className="flex flex-1 flex-col items-center justify-center gap-5 overflow-y-auto px-6 py-10 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <Sparkles className="size-7" aria-hidden="true" />
            </span>
            <div className="max-w-md space-y-2">
              <h3 className="text-lg font-semibold">L'assistant arrive avec la prochaine mise à jour</h3>
              <p className="text-sm text-muted-foreground">
                Il n'est pas encore disponible. Il partira de la page où vous êtes pour vous aider à créer un
                devis, relancer une facture ou résumer votre activité.
              </p>
            </div>
            <Dialog.Close asChild>
              <Link to={paths.app.agent.home} className={buttonStyles({ variant: "secondary" })}>
                Ouvrir la page IA Assistant
                <ArrowRight aria-hidden="true" />
              </Link>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
