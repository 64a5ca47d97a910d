import { UrssafPage } from "@client/features/urssaf/components/urssaf-page";

export function Component() {
  return <UrssafPage />;
}
