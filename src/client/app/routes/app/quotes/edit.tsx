import { EditQuote } from "@client/features/quotes/components/edit-quote";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  return <EditQuote key={id} id={id} />;
}
