import { Badge } from "@client/components/data-list/badge";
import { floatingPanelStyles } from "@client/components/shell/shell-styles";
import { cn } from "@client/lib/cn";
import {
  AI_MODELS,
  type AiModel,
  contextBadge,
  findModel,
  type ModelProvider,
  PROVIDER_NAMES,
} from "@shared/ai/models";
import { Check, ChevronDown, Cpu } from "lucide-react";
import { Select } from "radix-ui";

type Size = "sm" | "md" | "lg";

/** The offline engine's entry: what answers when no provider is configured on the server. */
export const LOCAL_ENGINE_VALUE = "moteur-local";

type ModelSelectorProps = {
  value: string;
  onValueChange: (modelId: string) => void;
  /** The providers configured on the server; the other providers' models are listed but greyed out. */
  available: readonly string[];
  /** Models the configured OpenAI-compatible server (Ollama, LM Studio…) lists, by their own ids. */
  serverModels?: readonly string[];
  size?: Size;
  isDisabled?: boolean;
  className?: string;
};

const triggerSizes: Record<Size, string> = {
  sm: "h-9 px-3 text-sm",
  md: "h-10 px-3.5 text-sm",
  lg: "h-12 px-4 text-base",
};

const contentWidths: Record<Size, string> = {
  sm: "w-[min(20rem,calc(100vw-1.5rem))]",
  md: "w-[min(24rem,calc(100vw-1.5rem))]",
  lg: "w-[min(28rem,calc(100vw-1.5rem))]",
};

// Prices go below the cent (0,0003 €), which the documents' money formatter in @shared/format does not
// show; this one keeps up to four decimals.
const unitPrice = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 1,
  maximumFractionDigits: 4,
});

/** What makes a provider available: its key in the server's environment (README, configuration). */
const PROVIDER_KEYS: Record<ModelProvider, string> = {
  openai: "OPENAI_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
};

function priceLabel(model: AiModel): string {
  return model.pricePer1kTokensEur === null
    ? "Tarif OpenRouter"
    : `${unitPrice.format(model.pricePer1kTokensEur)} / 1k tokens`;
}

/** Spec §2 model selector: each model with its badges, price, description and context size. */
export function ModelSelector({
  value,
  onValueChange,
  available,
  serverModels = [],
  size = "md",
  isDisabled = false,
  className,
}: ModelSelectorProps) {
  const providers = Object.keys(PROVIDER_NAMES) as ModelProvider[];
  const isOffline = available.length === 0;
  const selected = findModel(value);
  // The server answers with another model then (chooseModel); the user should know before sending.
  const isSelectedUnavailable = selected !== undefined && !available.includes(selected.provider);
  return (
    <Select.Root value={value} onValueChange={onValueChange} disabled={isDisabled}>
      <Select.Trigger
        aria-label="Modèle d'IA"
        className={cn(
          "inline-flex max-w-full min-w-0 items-center gap-2 rounded-lg border bg-surface font-medium text-foreground shadow-sm transition-colors hover:bg-muted disabled:pointer-events-none disabled:opacity-50 data-[state=open]:ring-2 data-[state=open]:ring-ring/30",
          triggerSizes[size],
          className,
        )}
      >
        <Cpu className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="truncate">
          <Select.Value placeholder="Choisir un modèle" />
        </span>
        {isSelectedUnavailable && (
          <span className="shrink-0 text-xs font-normal text-muted-foreground">(indisponible)</span>
        )}
        <Select.Icon asChild>
          <ChevronDown className="ml-auto size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          collisionPadding={12}
          className={cn(floatingPanelStyles, "overflow-hidden", contentWidths[size])}
        >
          <Select.Viewport className="max-h-[min(28rem,var(--radix-select-content-available-height))] p-1.5">
            {isOffline && (
              <Select.Group>
                <Select.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                  Hors ligne
                </Select.Label>
                <Select.Item
                  value={LOCAL_ENGINE_VALUE}
                  className="relative flex cursor-default flex-col gap-1 rounded-lg py-2 pr-8 pl-2.5 text-sm outline-none select-none data-[highlighted]:bg-muted"
                >
                  <span className="font-medium">
                    <Select.ItemText>Moteur local</Select.ItemText>
                  </span>
                  <span className="text-xs leading-snug text-muted-foreground">
                    Répond à partir de vos données, sans clé ni réseau. Ajoutez une clé OpenAI ou OpenRouter
                    sur le serveur pour choisir un modèle ci-dessous.
                  </span>
                  <span className="text-xs text-muted-foreground">Gratuit · sur ce serveur</span>
                  <Select.ItemIndicator className="absolute top-2.5 right-2.5 text-primary">
                    <Check className="size-4" aria-hidden="true" />
                  </Select.ItemIndicator>
                </Select.Item>
              </Select.Group>
            )}
            {serverModels.length > 0 && (
              <Select.Group>
                <Select.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                  Serveur local compatible OpenAI
                </Select.Label>
                {serverModels.map((id) => (
                  <Select.Item
                    key={id}
                    value={id}
                    className="relative flex cursor-default rounded-lg py-2 pr-8 pl-2.5 font-mono text-sm outline-none select-none data-[highlighted]:bg-muted"
                  >
                    <Select.ItemText>{id}</Select.ItemText>
                    <Select.ItemIndicator className="absolute top-2.5 right-2.5 text-primary">
                      <Check className="size-4" aria-hidden="true" />
                    </Select.ItemIndicator>
                  </Select.Item>
                ))}
              </Select.Group>
            )}
            {providers.map((provider) => (
              <Select.Group key={provider}>
                <Select.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                  {PROVIDER_NAMES[provider]}
                  {available.includes(provider) ? null : ` — non configuré (${PROVIDER_KEYS[provider]})`}
                </Select.Label>
                {AI_MODELS.filter((model) => model.provider === provider).map((model) => (
                  <ModelOption key={model.id} model={model} isAvailable={available.includes(provider)} />
                ))}
              </Select.Group>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}

function ModelOption({ model, isAvailable }: { model: AiModel; isAvailable: boolean }) {
  const { autonomous, vision, reasoning } = model.capabilities;
  return (
    <Select.Item
      value={model.id}
      disabled={!isAvailable}
      className="relative flex cursor-default flex-col gap-1 rounded-lg py-2 pr-8 pl-2.5 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted"
    >
      <span className="flex flex-wrap items-center gap-1.5">
        <span className="font-medium">
          <Select.ItemText>{model.name}</Select.ItemText>
        </span>
        {autonomous && <Badge tone="info">Autonome</Badge>}
        {vision && <Badge tone="success">Vision</Badge>}
        {reasoning && <Badge tone="warning">Raisonnement</Badge>}
        {!isAvailable && <Badge>indisponible</Badge>}
      </span>
      <span className="text-xs leading-snug text-muted-foreground">{model.description}</span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>{priceLabel(model)}</span>
        <span className="rounded border px-1.5 py-px font-mono text-[11px]" title="Taille du contexte">
          {contextBadge(model.contextWindow)} tokens
        </span>
      </span>
      <Select.ItemIndicator className="absolute top-2.5 right-2.5 text-primary">
        <Check className="size-4" aria-hidden="true" />
      </Select.ItemIndicator>
    </Select.Item>
  );
}
