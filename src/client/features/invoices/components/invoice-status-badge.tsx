import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { type InvoiceStatus, invoiceStatusLabels } from "@shared/domain/invoice-status";

const tones: Record<InvoiceStatus, BadgeTone> = {
  brouillon: "neutral",
  "en-attente": "info",
  payée: "success",
  "en-retard": "danger",
  annulée: "warning",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={tones[status]}>{invoiceStatusLabels[status]}</Badge>;
}
