import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { type ClientStatus, clientStatusLabels } from "@shared/schemas/clients";

export const clientStatusTones: Record<ClientStatus, BadgeTone> = {
  prospect: "info",
  actif: "success",
  inactif: "neutral",
};

export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  return <Badge tone={clientStatusTones[status]}>{clientStatusLabels[status]}</Badge>;
}
