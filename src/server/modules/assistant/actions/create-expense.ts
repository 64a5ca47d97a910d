import { parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { expenseCategories, expenseCategoryLabels } from "@shared/schemas/expenses";
import { z } from "zod";
import { createExpense as insertExpense } from "../../expenses/expenses.service";
import { day, defineAction, euros, toCents } from "./common";
import { regimeVatRateBp } from "./document-lines";

export const createExpense = defineAction({
  input: z.object({
    description: z.string().trim().min(1, "Décrivez la dépense.").max(200).describe("Intitulé de la dépense"),
    amount: euros.describe("Montant TTC en euros"),
    category: z.enum(expenseCategories).optional(),
    date: day.optional().describe("Date de la dépense (AAAA-MM-JJ), aujourd'hui par défaut"),
  }),
  tool: "Enregistre une dépense (statut à valider).",
  consent: "unless-agent-mode",
  failure: "Erreur lors de la création de la dépense",
  describe: (input) => ({
    summary: `Enregistrer la dépense « ${input.description} » de ${formatMoney(toCents(input.amount))}`,
    details: [
      { label: "Catégorie", value: expenseCategoryLabels[input.category ?? "autre"] },
      { label: "Montant TTC", value: formatMoney(toCents(input.amount)) },
      ...(input.date ? [{ label: "Date", value: formatDate(input.date) }] : []),
    ],
  }),
  run: async ({ db, userId, now }, { description, amount, category = "autre", date }) => {
    const expense = await insertExpense(db, {
      userId,
      input: {
        title: description,
        amountCents: toCents(amount),
        vatRateBp: await regimeVatRateBp(db, userId),
        category,
        date: date ?? parisToday(now),
        status: "pending",
      },
      now,
    });
    return {
      success: true,
      message: `Dépense « ${expense.title} » de ${formatMoney(expense.amountCents)} enregistrée (à valider).`,
      data: { id: expense.id, label: expense.title, link: paths.app.expenses.detail(expense.id) },
    };
  },
});
