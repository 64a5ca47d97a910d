import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { type ExpenseStatus, expenseStatusLabels } from "@shared/schemas/expenses";

const tones: Record<ExpenseStatus, BadgeTone> = {
  pending: "warning",
  validee: "info",
  remboursee: "success",
};

export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  return <Badge tone={tones[status]}>{expenseStatusLabels[status]}</Badge>;
}
