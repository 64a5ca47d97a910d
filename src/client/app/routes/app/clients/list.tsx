import { ClientsList } from "@client/features/clients/components/clients-list";
import { useDocumentTitle } from "@client/lib/use-document-title";

export function Component() {
  useDocumentTitle("Clients");
  return <ClientsList />;
}
