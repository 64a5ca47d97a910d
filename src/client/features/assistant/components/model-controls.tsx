import { cn } from "@client/lib/cn";
import { Cpu } from "lucide-react";
import { useAssistantConfig } from "../api/get-assistant-config";
import { useAiAgentStore } from "../store/ai-agent-store";
import { ModelSelector } from "./model-selector";

/** Spec §2: the model families the assistant can draw on; the engine picks among them per request. */
const MODEL_FAMILIES = ["Claude 4", "GPT-4.1", "O3/O4", "auto-sélection"] as const;

export function ModelFamilyBadges({ className }: { className?: string }) {
  return (
    <ul aria-label="Familles de modèles" className={cn("flex flex-wrap items-center gap-1.5", className)}>
      {MODEL_FAMILIES.map((family) => (
        <li
          key={family}
          className="rounded-full border bg-muted/60 px-2 py-0.5 text-[11px] font-medium text-muted-foreground"
        >
          {family}
        </li>
      ))}
    </ul>
  );
}

/**
 * The preferred model, kept in the settings; the providers not configured on the server are greyed out.
 * With no provider at all there is nothing to choose: every answer comes from the offline engine, and the
 * control says so instead of listing models that cannot answer.
 */
export function PreferredModelSelector({ className }: { className?: string }) {
  const { data, providers, serverModels } = useAssistantConfig();
  const preferredModel = useAiAgentStore((state) => state.settings.preferredModel);
  const updateSettings = useAiAgentStore((state) => state.updateSettings);
  if (data !== undefined && providers.length === 0)
    return (
      <span
        title="Aucune clé d'IA n'est configurée sur le serveur : l'assistant répond avec son moteur local, hors ligne."
        className={cn(
          "inline-flex h-9 items-center gap-2 rounded-lg border bg-surface px-3 text-sm font-medium text-muted-foreground",
          className,
        )}
      >
        <Cpu className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">Moteur local</span>
      </span>
    );
  return (
    <ModelSelector
      size="sm"
      value={preferredModel}
      onValueChange={(modelId) => updateSettings({ preferredModel: modelId })}
      available={providers}
      serverModels={serverModels}
      className={className}
    />
  );
}
