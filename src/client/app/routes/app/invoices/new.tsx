import { NewInvoice } from "@client/features/invoices/components/new-invoice";

export function Component() {
  return <NewInvoice />;
}
