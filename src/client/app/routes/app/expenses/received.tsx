import { ReceivedInvoices } from "@client/features/expenses/components/received-invoices";

export function Component() {
  return <ReceivedInvoices />;
}
