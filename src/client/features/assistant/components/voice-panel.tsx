import { Badge } from "@client/components/data-list/badge";
import { buttonStyles } from "@client/components/ui/button-styles";
import type { ActionProposal } from "@shared/schemas/assistant";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Mic, MicOff, Phone, PhoneOff, Send, Volume2, VolumeX } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { onActionResult } from "../api/assistant-changes";
import { confirmProposal } from "../api/settle-proposal";
import { useVoiceAgent, type VoiceEntry } from "../hooks/use-voice-agent";
import { useAiAgentStore } from "../store/ai-agent-store";
import { MarkdownMessage } from "./markdown-message";

/** Spec "Voice agent panel": the six example commands; a click sends one. */
const EXAMPLES = [
  "Analyse mes factures en retard",
  "Programme des relances pour mes factures impayées",
  "Fais-moi un rapport financier de ce mois",
  "Crée une facture de 500 € pour Dupont",
  "Mets en place des relances automatiques",
  "Où en sont mes paiements ?",
];

const SENDERS: Record<VoiceEntry["sender"], string> = { user: "Vous", agent: "Agent IA", system: "Système" };
const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** The Vocal tab: talk to the assistant and hear it answer (issue 12). */
export function VoicePanel() {
  const isAgentMode = !useAiAgentStore((state) => state.settings.confirmBeforeAction);
  const voice = useVoiceAgent({ isAgentMode });
  const [text, setText] = useState("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    voice.sendText(text);
    setText("");
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={voice.isConnected ? voice.disconnect : voice.connect}
          className={buttonStyles({ variant: voice.isConnected ? "secondary" : "primary" })}
        >
          {voice.isConnected ? <PhoneOff aria-hidden="true" /> : <Phone aria-hidden="true" />}
          {voice.isConnected ? "Déconnecter" : "Connecter l'agent vocal"}
        </button>
        {voice.isConnected ? (
          <button
            type="button"
            onClick={voice.toggleRecording}
            aria-pressed={voice.isRecording}
            className={buttonStyles({ variant: "secondary" })}
          >
            {voice.isRecording ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {voice.isRecording ? "Mettre en pause le micro" : "Reprendre le micro"}
          </button>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-2" aria-live="polite">
          <Badge tone={voice.isConnected ? "success" : "neutral"}>
            {voice.isConnected ? "Connecté" : "Déconnecté"}
          </Badge>
          <Badge tone={voice.isRecording ? "info" : "neutral"}>
            {voice.isRecording ? "À l'écoute..." : "En pause"}
          </Badge>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            {voice.isSpeaking ? (
              <Volume2 className="size-4 text-primary" aria-hidden="true" />
            ) : (
              <VolumeX className="size-4" aria-hidden="true" />
            )}
            {voice.isSpeaking ? "Agent parle..." : "Silencieux"}
          </span>
        </div>
      </div>

      {voice.microphoneProblem ? (
        <div role="alert" className="rounded-xl border border-danger/40 bg-surface p-3 text-sm">
          <p className="font-medium text-danger">{voice.microphoneProblem.title}</p>
          <p>{voice.microphoneProblem.description}</p>
        </div>
      ) : null}

      <section
        aria-label="Transcription"
        aria-live="polite"
        // The conversation is the panel's point: on a laptop it takes the room, the examples come after.
        className="min-h-40 flex-1 space-y-2 overflow-y-auto rounded-xl border bg-surface p-3 sm:min-h-80"
      >
        {voice.entries.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">
            {voice.isConnected
              ? "Parlez, ou tapez votre demande ci-dessous."
              : "Connectez-vous et commencez à parler."}
          </p>
        ) : (
          <ol className="space-y-2">
            {voice.entries.map((entry) => (
              <TranscriptEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </section>

      <form onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor="voice-text" className="sr-only">
          Message à l'agent vocal
        </label>
        <input
          id="voice-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Ou tapez votre demande…"
          maxLength={2000}
          className="min-w-0 flex-1 rounded-lg border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary"
        />
        <button type="submit" disabled={!text.trim()} className={buttonStyles({ variant: "primary" })}>
          <Send aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Envoyer</span>
        </button>
      </form>

      <div>
        <h3 className="mb-2 text-xs font-medium text-muted-foreground">Exemples de commandes</h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {EXAMPLES.map((example) => (
            <li key={example}>
              <button
                type="button"
                onClick={() => voice.sendText(example)}
                className="w-full rounded-lg border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
              >
                « {example} »
              </button>
            </li>
          ))}
        </ul>
      </div>

      <details className="rounded-lg border px-3 py-2 text-xs">
        <summary className="cursor-pointer font-medium">
          Diagnostic : {voice.isHealthy ? "agent vocal opérationnel" : "agent vocal indisponible"}
        </summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
          <dt>Microphone</dt>
          <dd>
            {voice.diagnostics.microphone.available ? "disponible" : "non démarré"}
            {voice.diagnostics.microphone.error ? ` (${voice.diagnostics.microphone.error})` : ""}
          </dd>
          <dt>WebSocket</dt>
          <dd>
            {voice.diagnostics.websocket.connected ? "connecté" : "déconnecté"}
            {voice.diagnostics.websocket.lastConnected
              ? `, dernière connexion ${time.format(new Date(voice.diagnostics.websocket.lastConnected))}`
              : ""}
          </dd>
          <dt>Session</dt>
          <dd>{voice.diagnostics.openai.sessionActive ? "active" : "inactive"}</dd>
          <dt>Erreurs</dt>
          <dd>{voice.diagnostics.errors.length}</dd>
        </dl>
        {voice.diagnostics.errors.length > 0 ? (
          <ul className="mt-2 space-y-1">
            {voice.diagnostics.errors.slice(0, 10).map((error) => (
              <li key={`${error.timestamp}-${error.message}`}>
                {time.format(new Date(error.timestamp))} · {error.type} · {error.message}
              </li>
            ))}
          </ul>
        ) : null}
      </details>
    </div>
  );
}

function TranscriptEntry({ entry }: { entry: VoiceEntry }) {
  return (
    <li
      className={
        entry.sender === "user" ? "ml-6 rounded-lg bg-primary/10 p-2" : "mr-6 rounded-lg bg-muted p-2"
      }
    >
      <div className="mb-0.5 flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{SENDERS[entry.sender]}</span>
        {entry.isAudio ? <Badge tone="info">Vocal</Badge> : null}
        <time dateTime={entry.at.toISOString()}>{time.format(entry.at)}</time>
      </div>
      {entry.sender === "agent" ? (
        // The agent's words come from the assistant pipeline: its markdown (links to the records) is rendered
        // like the chat's, app links only.
        <MarkdownMessage content={entry.text} />
      ) : (
        <p className="text-sm whitespace-pre-line">{entry.text}</p>
      )}
      {entry.proposal ? <ProposalConfirm proposal={entry.proposal} /> : null}
    </li>
  );
}

/** The transcript's consent button, beside saying « oui, vas-y ». */
function ProposalConfirm({ proposal }: { proposal: ActionProposal }) {
  const [state, setState] = useState<"pending" | "busy" | "done">("pending");
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const onConfirm = async () => {
    setState("busy");
    try {
      const result = await confirmProposal(proposal.id);
      onActionResult(queryClient, result, pathname);
      toast[result.success ? "success" : "error"](result.message);
      setState("done");
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Confirmation impossible.");
      setState("done");
    }
  };
  return (
    <button
      type="button"
      onClick={onConfirm}
      disabled={state !== "pending"}
      className={`${buttonStyles({ variant: "secondary", size: "sm" })} mt-2`}
    >
      <Check aria-hidden="true" />
      {state === "done" ? "Traitée" : "Confirmer"}
    </button>
  );
}
