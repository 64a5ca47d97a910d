import { IntegrationsPage } from "@client/features/integrations/components/integrations-page";
import { useDocumentTitle } from "@client/lib/use-document-title";

/** Intégrations: the calendar feed, the CSV exports, and what is not connected yet. */
export function Component() {
  useDocumentTitle("Intégrations");
  return <IntegrationsPage />;
}
