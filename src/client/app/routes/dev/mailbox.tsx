import { Mailbox } from "@client/features/dev-mailbox/components/mailbox";
import { useDocumentTitle } from "@client/lib/use-document-title";

export function Component() {
  useDocumentTitle("Boîte d'envoi locale");
  return <Mailbox />;
}
