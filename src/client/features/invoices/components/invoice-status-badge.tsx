import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { type InvoiceStatus, invoiceStatusLabel } from "@shared/domain/invoice-status";

const tones: Record<InvoiceStatus, BadgeTone> = {
  brouillon: "neutral",
  "en-attente": "info",
  payée: "success",
  "en-retard": "danger",
  annulée: "warning",
};

/** A credit note's « Avoir émis » is neutral: nothing was paid, nothing is awaited. */
export function InvoiceStatusBadge({ status, kind }: { status: InvoiceStatus; kind: string }) {
  const tone = kind === "avoir" && status !== "brouillon" ? "neutral" : tones[status];
  return <Badge tone={tone}>{invoiceStatusLabel({ status, kind })}</Badge>;
}
