import { AdvancedAgent } from "@client/features/assistant/components/advanced-agent";
import { HealthCard } from "@client/features/dashboard/components/health-card";

export function Component() {
  return (
    <AdvancedAgent>
      <HealthCard />
    </AdvancedAgent>
  );
}
