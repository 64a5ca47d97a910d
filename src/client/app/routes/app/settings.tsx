import { SettingsPage } from "@client/features/settings/components/settings-page";
import { useDocumentTitle } from "@client/lib/use-document-title";

/** Paramètres: the seller identity and invoicing defaults, the logo, and the theme. */
export function Component() {
  useDocumentTitle("Paramètres");
  return <SettingsPage />;
}
