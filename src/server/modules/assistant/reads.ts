import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { clientStatusLabels } from "@shared/schemas/clients";
import { expenseCategoryLabels, expenseStatusLabels } from "@shared/schemas/expenses";
import type { ViewDataType } from "@shared/schemas/interpretation";
import { invoiceStatusLabels, paymentMethodLabels } from "@shared/schemas/invoices";
import { projectStatusLabels, taskStatusLabels } from "@shared/schemas/projects";
import { quoteStatusLabels } from "@shared/schemas/quotes";
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoices, payments, projects, quoteDecisions, tasks } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { listClients } from "../clients/clients.service";
import { listExpenses } from "../expenses/expenses.service";
import { listInvoices } from "../invoices/invoices.service";
import { listProjects } from "../projects/projects.service";
import { listQuotes } from "../quotes/quotes.service";

/**
 * One line of an answer: what the record is, its key figures, and the page that shows it. `note`: free
 * text written on it, often by an outsider (a client's answer to a quote, a supplier's invoice lines), for
 * the model's quoted data only; the offline engine's lists leave it out.
 */
export type RecordLine = { label: string; detail: string; link: string; note?: string };

/** Free text given to the model is cut: a record's note is a hint, not a document. */
const NOTE_LIMIT = 500;
const noteOf = (parts: (string | null | undefined)[]) => {
  const text = parts.filter(Boolean).join(" — ");
  return text ? text.slice(0, NOTE_LIMIT) : undefined;
};
export type RecordList = { dataType: ViewDataType; total: number; items: RecordLine[]; link: string };

/** Spec §9: view-data lists show 5 items (tasks 10). */
const LIST_SIZE = 5;
const TASK_LIST_SIZE = 10;

/** `period`: issue dates, for invoices (other lists ignore it). */
export type ReadFilter = { search?: string; status?: string; period?: { from: string; to: string } };

/**
 * The user's records as the assistant cites them, through the same services as the REST API (so the same
 * tenancy, statuses and computed en-retard). Unknown status filters are ignored rather than failing.
 */
export async function readRecords(
  db: Db,
  userId: string,
  dataType: ViewDataType,
  filter: ReadFilter = {},
  now = new Date(),
): Promise<RecordList> {
  const page = { page: 1, pageSize: LIST_SIZE };
  const search = filter.search?.trim() || undefined;
  switch (dataType) {
    case "invoices": {
      const status = pick(filter.status, invoiceStatusLabels);
      const result = await listInvoices(db, {
        userId,
        query: { ...page, search, status, from: filter.period?.from, to: filter.period?.to },
        now,
      });
      return {
        dataType,
        total: result.total,
        link: paths.app.invoices.list,
        items: result.items.map((invoice) => ({
          label: invoice.invoiceNumber ?? `Brouillon ${invoice.clientName}`,
          detail: `${invoice.clientName} · ${formatMoney(invoice.totalCents)} · ${invoiceStatusLabels[invoice.status]}${invoice.dueDate ? ` · échéance ${formatDate(invoice.dueDate)}` : ""}`,
          link: paths.app.invoices.detail(invoice.id),
        })),
      };
    }
    case "quotes": {
      const status = pick(filter.status, quoteStatusLabels);
      const result = await listQuotes(db, { userId, query: { ...page, search, status }, now });
      const answers = await clientAnswers(
        db,
        userId,
        result.items.map((quote) => quote.id),
      );
      return {
        dataType,
        total: result.total,
        link: paths.app.quotes.list,
        items: result.items.map((quote) => ({
          label: quote.quoteNumber ?? `Devis ${quote.clientName}`,
          detail: `${quote.clientName} · ${formatMoney(quote.totalCents)} · ${quoteStatusLabels[quote.status]}`,
          link: paths.app.quotes.detail(quote.id),
          note: answers.get(quote.id),
        })),
      };
    }
    case "clients": {
      const status = pick(filter.status, clientStatusLabels);
      const result = await listClients(db, { userId, ...page, search, status });
      return {
        dataType,
        total: result.total,
        link: paths.app.clients.list,
        items: result.items.map((client) => ({
          label: client.name,
          detail: [clientStatusLabels[client.status], client.email, client.phone].filter(Boolean).join(" · "),
          link: paths.app.clients.detail(client.id),
        })),
      };
    }
    case "expenses": {
      const result = await listExpenses(db, { userId, ...page, search });
      return {
        dataType,
        total: result.total,
        link: paths.app.expenses.list,
        items: result.items.map((expense) => ({
          label: expense.title,
          detail: `${formatMoney(expense.amountCents)} · ${expenseCategoryLabels[expense.category]} · ${formatDate(expense.date)} · ${expenseStatusLabels[expense.status]}`,
          link: paths.app.expenses.detail(expense.id),
          note: noteOf([expense.supplier && `Fournisseur : ${expense.supplier}`, expense.description]),
        })),
      };
    }
    case "projects": {
      const status = pick(filter.status, projectStatusLabels);
      const result = await listProjects(db, { userId, ...page, search, status });
      return {
        dataType,
        total: result.total,
        link: paths.app.projects.list,
        items: result.items.map((project) => ({
          label: project.name,
          detail: [projectStatusLabels[project.status], project.clientName].filter(Boolean).join(" · "),
          link: paths.app.projects.detail(project.id),
        })),
      };
    }
    case "tasks":
      return readOpenTasks(db, userId);
    case "payments":
      return readPayments(db, userId);
  }
}

/** The client's answer through the quote's link, by quote id: « Refusé par Jeanne Dupont : trop cher ». */
async function clientAnswers(db: Db, userId: string, quoteIds: string[]): Promise<Map<string, string>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({
        quoteId: quoteDecisions.quoteId,
        decision: quoteDecisions.decision,
        signerName: quoteDecisions.signerName,
        reason: quoteDecisions.reason,
      })
      .from(quoteDecisions)
      .where(and(eq(quoteDecisions.userId, userId), inArray(quoteDecisions.quoteId, quoteIds))),
  );
  return new Map(
    rows.flatMap((row) => {
      const said = noteOf([
        `${row.decision === "accepted" ? "Accepté" : "Refusé"} par ${row.signerName}`,
        row.reason && `raison : ${row.reason}`,
      ]);
      return said ? [[row.quoteId, said] as const] : [];
    }),
  );
}

function pick<K extends string>(status: string | undefined, labels: Record<K, string>): K | undefined {
  return status && status in labels ? (status as K) : undefined;
}

/** Open tasks, soonest due first, with their project. */
async function readOpenTasks(db: Db, userId: string): Promise<RecordList> {
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({
        title: tasks.title,
        status: tasks.status,
        dueDate: tasks.dueDate,
        projectId: projects.id,
        project: projects.name,
      })
      .from(tasks)
      .innerJoin(projects, and(eq(projects.id, tasks.projectId), eq(projects.userId, userId)))
      .where(and(eq(tasks.userId, userId), ne(tasks.status, "terminee")))
      .orderBy(asc(tasks.dueDate), asc(tasks.position))
      .limit(TASK_LIST_SIZE),
  );
  return {
    dataType: "tasks",
    total: rows.length,
    link: paths.app.projects.list,
    items: rows.map((task) => ({
      label: task.title,
      detail: [
        task.project,
        taskStatusLabels[task.status],
        task.dueDate ? `pour le ${formatDate(task.dueDate)}` : null,
      ]
        .filter(Boolean)
        .join(" · "),
      link: paths.app.projects.detail(task.projectId),
    })),
  };
}

/** The latest payments received, with the invoice they settle. */
async function readPayments(db: Db, userId: string): Promise<RecordList> {
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({
        amountCents: payments.amountCents,
        paidOn: payments.paidOn,
        method: payments.method,
        invoiceId: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        clientName: invoices.clientName,
      })
      .from(payments)
      .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.userId, userId)))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.paidOn), desc(payments.createdAt))
      .limit(LIST_SIZE),
  );
  return {
    dataType: "payments",
    total: rows.length,
    link: paths.app.invoices.list,
    items: rows.map((payment) => ({
      label: `${formatMoney(payment.amountCents)} le ${formatDate(payment.paidOn)}`,
      detail: `${payment.clientName} · ${payment.invoiceNumber ?? ""} · ${paymentMethodLabels[payment.method]}`,
      link: paths.app.invoices.detail(payment.invoiceId),
    })),
  };
}
