import { DialogContent } from "@client/components/ui/dialog-content";
import { paths } from "@shared/paths";
import { ExternalLink, LoaderCircle, Sparkles, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { iconButtonStyles } from "./shell-styles";

type AssistantDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * The page the user is on, as the sidebar names it; null where no page name applies. The chip says the
   * page, not the assistant's section: that one falls back to « Projets » on the dashboard (spec §2).
   */
  pageLabel: string | null;
  /**
   * The assistant itself (chat, voice, actions, documents), composed by the app layout: shared components
   * do not import features. It may be lazy; it loads on the first opening.
   */
  children: ReactNode;
};

/** The header's IA button opens this wide dialog, 90 % of the screen's height (spec §2). */
export function AssistantDialog({ isOpen, onOpenChange, pageLabel, children }: AssistantDialogProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="shell-overlay fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogContent className="shell-pop fixed top-1/2 left-1/2 z-50 flex h-[90dvh] w-[calc(100%-1.5rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border bg-surface shadow-2xl outline-none">
          <header className="flex items-center gap-3 border-b px-4 py-3 sm:px-5">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <Sparkles className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold">Assistant IA</Dialog.Title>
              {pageLabel ? (
                <Dialog.Description className="truncate text-sm text-muted-foreground">
                  Contexte : {pageLabel}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">
                  Posez une question ou demandez une action sur vos données.
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <Link
                to={paths.app.agent.home}
                className={iconButtonStyles}
                aria-label="Ouvrir la page de l'assistant"
                title="Ouvrir la page de l'assistant"
              >
                <ExternalLink aria-hidden="true" />
              </Link>
            </Dialog.Close>
            <Dialog.Close className={iconButtonStyles} aria-label="Fermer l'assistant">
              <X aria-hidden="true" />
            </Dialog.Close>
          </header>
          <Suspense fallback={<AssistantLoading />}>{children}</Suspense>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AssistantLoading() {
  return (
    <div
      role="status"
      className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      Chargement de l'assistant…
    </div>
  );
}

/** In place of the assistant when its code could not be downloaded (offline, or a new version deployed). */
export function AssistantLoadError() {
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
      <p className="font-medium">Impossible de charger l'assistant</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Vérifiez votre connexion, puis rechargez la page pour réessayer.
      </p>
    </div>
  );
}
