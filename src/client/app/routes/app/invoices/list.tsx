import { InvoicesList } from "@client/features/invoices/components/invoices-list";

export function Component() {
  return <InvoicesList />;
}
