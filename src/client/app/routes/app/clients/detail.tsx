import { ClientDetail } from "@client/features/clients/components/client-detail";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  // Keyed by id: moving from one client to another starts from a fresh page (not in edit mode).
  return <ClientDetail key={id} id={id} />;
}
