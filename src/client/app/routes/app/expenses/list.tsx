import { ExpensesList } from "@client/features/expenses/components/expenses-list";

export function Component() {
  return <ExpensesList />;
}
