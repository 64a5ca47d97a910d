import { cn } from "@client/lib/cn";
import { chooseModel } from "@shared/ai/models";
import { useAssistantConfig } from "../api/get-assistant-config";
import { useAiAgentStore } from "../store/ai-agent-store";
import { LOCAL_ENGINE_VALUE, ModelSelector } from "./model-selector";

/** Spec §2: the model families the assistant can draw on with a provider; the engine picks per request. */
const MODEL_FAMILIES = ["Claude 4", "GPT-4.1", "O3/O4", "auto-sélection"] as const;

export function ModelFamilyBadges({ className }: { className?: string }) {
  // Without a provider the offline engine answers: naming model families would say what is not true.
  const { data, providers } = useAssistantConfig();
  if (data === undefined || providers.length === 0) return null;
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
 * It shows the model that will answer: the preference when its provider is configured, otherwise the one
 * the server falls back to (chooseModel), and with no provider at all the offline engine.
 */
export function PreferredModelSelector({ className }: { className?: string }) {
  const { data, providers, serverModels } = useAssistantConfig();
  const preferredModel = useAiAgentStore((state) => state.settings.preferredModel);
  const updateSettings = useAiAgentStore((state) => state.updateSettings);
  const answering =
    data === undefined || serverModels.includes(preferredModel)
      ? preferredModel
      : (chooseModel("", providers, preferredModel)?.id ?? LOCAL_ENGINE_VALUE);
  return (
    <ModelSelector
      size="sm"
      value={answering}
      onValueChange={(modelId) => updateSettings({ preferredModel: modelId })}
      available={providers}
      serverModels={serverModels}
      className={className}
    />
  );
}
