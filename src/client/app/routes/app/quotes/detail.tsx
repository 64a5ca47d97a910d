import { ShareLinkPanel } from "@client/features/client-links/components/share-link-panel";
import { QuoteDetail } from "@client/features/quotes/components/quote-detail";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  // Keyed by id: another quote starts a fresh page (pending actions, confirmation state).
  return <QuoteDetail key={id} id={id} after={<ShareLinkPanel document={{ quoteId: id }} />} />;
}
