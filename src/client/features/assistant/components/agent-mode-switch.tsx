import { Switch } from "@client/components/ui/switch";
import { cn } from "@client/lib/cn";
import { useId } from "react";
import { useAiAgentStore } from "../store/ai-agent-store";

/** Spec §4: Mode Agent on means confirmBeforeAction off; the choice is kept with the other settings. */
export function AgentModeSwitch({ className }: { className?: string }) {
  const id = useId();
  const isAgentMode = useAiAgentStore((state) => !state.settings.confirmBeforeAction);
  const updateSettings = useAiAgentStore((state) => state.updateSettings);
  return (
    <div className={cn("flex items-center gap-2.5", className)}>
      <Switch
        id={id}
        checked={isAgentMode}
        onCheckedChange={(isOn) => updateSettings({ confirmBeforeAction: !isOn })}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className="text-sm leading-tight font-medium">
        Mode Agent
        <span id={`${id}-hint`} className="hidden text-xs font-normal text-muted-foreground sm:block">
          {isAgentMode
            ? "Brouillons créés sans confirmation ; paiements, e-mails, jetons et intégrations restent à confirmer"
            : "Chaque action vous est soumise"}
        </span>
      </label>
    </div>
  );
}
