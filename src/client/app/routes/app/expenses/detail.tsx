import { ExpenseDetail } from "@client/features/expenses/components/expense-detail";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  // Keyed by id: another expense starts a fresh page (dialogs, upload errors).
  return <ExpenseDetail key={id} id={id} />;
}
