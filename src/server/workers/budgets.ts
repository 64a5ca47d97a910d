import { AppError } from "../errors";
import type { TaskName } from "./tasks";

const SUPPLIER_INVOICE_SECONDS = 5;

/**
 * Each task's time budget and what the user is told when a file goes past it (time or memory): the worker
 * running it is stopped, the server goes on. A real e-invoice reads in well under a tenth of the budget.
 */
export const TASK_BUDGETS: Record<TaskName, { timeoutMs: number; overBudget: (what: string) => AppError }> = {
  readSupplierInvoice: {
    timeoutMs: SUPPLIER_INVOICE_SECONDS * 1000,
    overBudget: (what) =>
      new AppError(
        "bad_request",
        `Ce fichier demande ${what} pour être lu (limite : ${SUPPLIER_INVOICE_SECONDS} secondes) : ce n'est pas une facture électronique ordinaire.`,
      ),
  },
};
