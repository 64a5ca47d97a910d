import { NotFound } from "@client/components/not-found";
import { paths } from "@shared/paths";

export function Component() {
  return <NotFound backTo={paths.app.root} backLabel="Retour au tableau de bord" />;
}
