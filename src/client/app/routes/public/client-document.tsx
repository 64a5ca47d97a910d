import { PublicDocumentPage } from "@client/features/client-links/components/public-document-page";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  return <PublicDocumentPage key={id} token={id} />;
}
