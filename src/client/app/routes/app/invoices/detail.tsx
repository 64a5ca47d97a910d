import { ShareLinkPanel } from "@client/features/client-links/components/share-link-panel";
import { InvoiceDetail } from "@client/features/invoices/components/invoice-detail";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  // Keyed by id: going from an invoice to its credit note starts a fresh page (dialogs, edit mode).
  return <InvoiceDetail key={id} id={id} after={<ShareLinkPanel document={{ invoiceId: id }} />} />;
}
