import { AutomationsPage } from "@client/features/automations/components/automations-page";
import { useDocumentTitle } from "@client/lib/use-document-title";

/** Automatisations: the rules created with the assistant. */
export function Component() {
  useDocumentTitle("Automatisations");
  return <AutomationsPage />;
}
