import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { type QuoteStatus, quoteStatusLabels } from "@shared/schemas/quotes";

const tones: Record<QuoteStatus, BadgeTone> = {
  brouillon: "neutral",
  envoyé: "info",
  accepté: "success",
  refusé: "danger",
  expiré: "warning",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={tones[status]}>{quoteStatusLabels[status]}</Badge>;
}
