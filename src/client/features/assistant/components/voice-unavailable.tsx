import { buttonStyles } from "@client/components/ui/button-styles";
import { MessageSquare, MicOff } from "lucide-react";

type VoiceUnavailableProps = { onUseChat: () => void };

/** The Vocal tab until the voice agent ships: what it will do, and where to go meanwhile. */
export function VoiceUnavailable({ onUseChat }: VoiceUnavailableProps) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 overflow-y-auto px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <MicOff className="size-6" aria-hidden="true" />
      </span>
      <div className="max-w-md space-y-2">
        <h3 className="text-base font-semibold">L'agent vocal n'est pas encore disponible</h3>
        <p className="text-sm text-muted-foreground">
          Bientôt, vous pourrez parler à l'assistant et l'entendre vous répondre : analyser vos factures en
          retard, préparer des relances ou créer une facture à la voix. En attendant, l'assistant répond à
          toutes ces demandes par écrit.
        </p>
      </div>
      <button type="button" onClick={onUseChat} className={buttonStyles({ variant: "secondary" })}>
        <MessageSquare aria-hidden="true" />
        Écrire à l'assistant
      </button>
    </div>
  );
}
