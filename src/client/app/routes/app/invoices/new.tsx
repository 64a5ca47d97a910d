import { useClient } from "@client/features/clients/api/get-client";
import { NewInvoice } from "@client/features/invoices/components/new-invoice";
import { useSearchParams } from "react-router";

/** `?client=<id>` (paths.app.invoices.newFor): the form opens with that client picked. */
export function Component() {
  const clientId = useSearchParams()[0].get("client");
  return clientId ? <NewInvoiceFor clientId={clientId} /> : <NewInvoice />;
}

function NewInvoiceFor({ clientId }: { clientId: string }) {
  const query = useClient(clientId);
  // An unknown or unreadable client leaves the form empty rather than blocking it.
  if (query.isPending) return <NewInvoice isLoading />;
  const client = query.data?.client;
  return <NewInvoice client={client ? { id: client.id, name: client.name } : undefined} />;
}
