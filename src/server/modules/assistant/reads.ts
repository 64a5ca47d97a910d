import { invoiceStatusLabel } from "@shared/domain/invoice-status";
import { formatDate, formatMoney } from "@shared/format";
import { LIST_MAX_PAGE_SIZE } from "@shared/list-size";
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
 * What a follow-up computes over a list already shown (« la plus ancienne ? », « ça fait combien ? »,
 * « et par client ? »): each record's date, amount (what remains due for an unpaid invoice, otherwise its
 * TTC total), client and expense category, read from the database, never from an earlier answer's text.
 */
export type RecordFacts = {
  line: RecordLine;
  date: string;
  amountCents: number;
  clientName?: string;
  category?: string;
};
type Page = { total: number; rows: RecordFacts[] };

/** The lists whose records have a date and an amount to work on (tasks and payments are read apart). */
export type FactsDataType = Exclude<ViewDataType, "tasks" | "payments">;

/** The statuses that leave an invoice owed: their amount is what remains due. */
const OWED_STATUSES = new Set(["en-attente", "en-retard"]);

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
  if (dataType === "tasks") return readOpenTasks(db, userId);
  if (dataType === "payments") return readPayments(db, userId);
  const { total, rows } = await readPage(db, userId, dataType, filter, now, { page: 1, pageSize: LIST_SIZE });
  return { dataType, total, link: LIST_LINKS[dataType], items: rows.map((row) => row.line) };
}

/** At most this many records are added up by a follow-up: 10 pages of the services' largest page. */
const FACTS_LIMIT = 10 * LIST_MAX_PAGE_SIZE;

/** Every record of a list (up to FACTS_LIMIT) with its facts: the list a follow-up works on. */
export async function readAllRecords(
  db: Db,
  userId: string,
  dataType: FactsDataType,
  filter: ReadFilter = {},
  now = new Date(),
): Promise<RecordFacts[]> {
  const all: RecordFacts[] = [];
  for (let page = 1; all.length < FACTS_LIMIT; page += 1) {
    const { total, rows } = await readPage(db, userId, dataType, filter, now, {
      page,
      pageSize: LIST_MAX_PAGE_SIZE,
    });
    all.push(...rows);
    if (rows.length === 0 || all.length >= total) break;
  }
  return all;
}

const LIST_LINKS: Record<ViewDataType, string> = {
  invoices: paths.app.invoices.list,
  quotes: paths.app.quotes.list,
  clients: paths.app.clients.list,
  expenses: paths.app.expenses.list,
  projects: paths.app.projects.list,
  tasks: paths.app.projects.list,
  payments: paths.app.invoices.list,
};

async function readPage(
  db: Db,
  userId: string,
  dataType: FactsDataType,
  filter: ReadFilter,
  now: Date,
  page: { page: number; pageSize: number },
): Promise<Page> {
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
        total: result.total,
        rows: result.items.map((invoice) => ({
          line: {
            label: invoice.invoiceNumber ?? `Brouillon ${invoice.clientName}`,
            detail: `${invoice.clientName} · ${formatMoney(invoice.totalCents)} · ${invoiceStatusLabel(invoice)}${invoice.dueDate ? ` · échéance ${formatDate(invoice.dueDate)}` : ""}`,
            link: paths.app.invoices.detail(invoice.id),
          },
          date: invoice.date,
          amountCents: OWED_STATUSES.has(invoice.status) ? invoice.dueCents : invoice.totalCents,
          clientName: invoice.clientName,
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
        total: result.total,
        rows: result.items.map((quote) => ({
          line: {
            label: quote.quoteNumber ?? `Devis ${quote.clientName}`,
            detail: `${quote.clientName} · ${formatMoney(quote.totalCents)} · ${quoteStatusLabels[quote.status]}`,
            link: paths.app.quotes.detail(quote.id),
            note: answers.get(quote.id),
          },
          date: quote.date,
          amountCents: quote.totalCents,
          clientName: quote.clientName,
        })),
      };
    }
    case "clients": {
      const status = pick(filter.status, clientStatusLabels);
      const result = await listClients(db, { userId, ...page, search, status });
      return {
        total: result.total,
        rows: result.items.map((client) => ({
          line: {
            label: client.name,
            detail: [clientStatusLabels[client.status], client.email, client.phone]
              .filter(Boolean)
              .join(" · "),
            link: paths.app.clients.detail(client.id),
          },
          date: String(client.createdAt).slice(0, 10),
          amountCents: 0,
        })),
      };
    }
    case "expenses": {
      const result = await listExpenses(db, { userId, ...page, search });
      return {
        total: result.total,
        rows: result.items.map((expense) => ({
          line: {
            label: expense.title,
            detail: `${formatMoney(expense.amountCents)} · ${expenseCategoryLabels[expense.category]} · ${formatDate(expense.date)} · ${expenseStatusLabels[expense.status]}`,
            link: paths.app.expenses.detail(expense.id),
            note: noteOf([expense.supplier && `Fournisseur : ${expense.supplier}`, expense.description]),
          },
          date: expense.date,
          amountCents: expense.amountCents,
          category: expense.category,
        })),
      };
    }
    case "projects": {
      const status = pick(filter.status, projectStatusLabels);
      const result = await listProjects(db, { userId, ...page, search, status });
      return {
        total: result.total,
        rows: result.items.map((project) => ({
          line: {
            label: project.name,
            detail: [projectStatusLabels[project.status], project.clientName].filter(Boolean).join(" · "),
            link: paths.app.projects.detail(project.id),
          },
          date: String(project.createdAt).slice(0, 10),
          amountCents: 0,
          clientName: project.clientName ?? undefined,
        })),
      };
    }
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
