import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { type ContractStatus, contractStatusLabels } from "@shared/schemas/contracts";

export const contractStatusTones: Record<ContractStatus, BadgeTone> = {
  brouillon: "neutral",
  envoyé: "info",
  signé: "success",
  terminé: "neutral",
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <Badge tone={contractStatusTones[status]}>{contractStatusLabels[status]}</Badge>;
}
