import { clientDto, createClientInput, updateClientInput } from "@shared/schemas/clients";
import { createExpenseInput, expenseDto, updateExpenseInput } from "@shared/schemas/expenses";
import { createInvoiceInput, updateInvoiceInput } from "@shared/schemas/invoices";
import {
  createProjectInput,
  createTaskInput,
  projectDto,
  taskDto,
  updateProjectInput,
  updateTaskInput,
} from "@shared/schemas/projects";
import {
  createPaymentInput,
  invoiceDto,
  paymentDto,
  quoteDto,
  type V1ListQuery,
} from "@shared/schemas/public-api";
import { createQuoteInput, updateQuoteInput } from "@shared/schemas/quotes";
import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import { clients, expenses, invoices, payments, projects, quotes, tasks } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { createClient, getClient, updateClient } from "../clients/clients.service";
import { createExpense, getExpense, updateExpense } from "../expenses/expenses.service";
import {
  createInvoiceDraft,
  getInvoice,
  recordPayment,
  updateInvoiceDraft,
} from "../invoices/invoices.service";
import {
  createProject,
  createTask,
  getProject,
  TASK_NOT_FOUND,
  taskNotFound,
  toTaskDto,
  updateProject,
  updateTask,
} from "../projects/projects.service";
import { createQuote, getQuote, updateQuote } from "../quotes/quotes.service";
import { toPaymentDto } from "./payment-dto";

/*
 * The resources of /api/v1, one entry each: what the routes serve and what openapi.json documents come from
 * here (decision 013). Every read and write goes through the module's own service and shared schemas;
 * this file only adds the sync-friendly listing (oldest change first, keyset cursor, updated_since).
 */

type Operation<Input extends z.ZodType, Args extends unknown[]> = {
  input: Input;
  run: (db: Db, userId: string, ...args: [...Args, z.output<Input>]) => Promise<unknown>;
};

type ResourceDefinition<Create extends z.ZodType, Update extends z.ZodType> = {
  /** Path segment under /api/v1 and the OpenAPI tag. */
  path: string;
  /** French, for the documentation. */
  description: string;
  item: z.ZodType;
  notFoundMessage: string;
  /** The table and its owner, id and "last changed" columns, for the list. */
  table: PgTable;
  columns: { id: AnyPgColumn; userId: AnyPgColumn; changedAt: AnyPgColumn };
  get: (db: Db, userId: string, id: string) => Promise<unknown>;
  create?: Operation<Create, []>;
  update?: Operation<Update, [id: string]>;
};

export type Resource = ResourceDefinition<z.ZodType, z.ZodType>;

/** Keeps each entry's operations typed against its own schemas, then erases them into the registry. */
const resource = <Create extends z.ZodType, Update extends z.ZodType>(
  definition: ResourceDefinition<Create, Update>,
) => definition as unknown as Resource;

const paymentNotFound = () => new AppError("not_found", "Paiement introuvable.");

async function getPayment(db: Db, userId: string, id: string, newestOfInvoice?: string) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          newestOfInvoice ? eq(payments.invoiceId, newestOfInvoice) : eq(payments.id, id),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1),
  );
  if (!row) throw paymentNotFound();
  return toPaymentDto(row);
}

async function getTask(db: Db, userId: string, id: string) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId))),
  );
  if (!row) throw taskNotFound();
  return toTaskDto(row);
}

export const resources: Resource[] = [
  resource({
    path: "clients",
    description: "Clients et prospects.",
    item: clientDto,
    notFoundMessage: "Client introuvable.",
    table: clients,
    columns: { id: clients.id, userId: clients.userId, changedAt: clients.updatedAt },
    get: (db, userId, clientId) => getClient(db, { userId, clientId }),
    create: { input: createClientInput, run: (db, userId, input) => createClient(db, { userId, input }) },
    update: {
      input: updateClientInput,
      run: (db, userId, clientId, input) => updateClient(db, { userId, clientId, input }),
    },
  }),
  resource({
    path: "quotes",
    description: "Devis. Seul un brouillon se modifie.",
    item: quoteDto,
    notFoundMessage: "Devis introuvable.",
    table: quotes,
    columns: { id: quotes.id, userId: quotes.userId, changedAt: quotes.updatedAt },
    get: (db, userId, id) => getQuote(db, { userId, id }),
    create: { input: createQuoteInput, run: (db, userId, input) => createQuote(db, { userId, input }) },
    update: {
      input: updateQuoteInput,
      run: (db, userId, id, input) => updateQuote(db, { userId, id, input }),
    },
  }),
  resource({
    path: "invoices",
    description:
      "Factures et avoirs. Une facture se crée en brouillon ; une fois émise elle n'est plus modifiable.",
    item: invoiceDto,
    notFoundMessage: "Facture introuvable.",
    table: invoices,
    columns: { id: invoices.id, userId: invoices.userId, changedAt: invoices.updatedAt },
    get: (db, userId, id) => getInvoice(db, { userId, id }),
    create: {
      input: createInvoiceInput,
      run: (db, userId, input) => createInvoiceDraft(db, { userId, input }),
    },
    update: {
      input: updateInvoiceInput,
      run: (db, userId, id, input) => updateInvoiceDraft(db, { userId, id, input }),
    },
  }),
  resource({
    path: "payments",
    description: "Paiements reçus, enregistrés sur une facture émise. Un paiement ne se modifie pas.",
    item: paymentDto,
    notFoundMessage: "Paiement introuvable.",
    table: payments,
    // A payment never changes: its creation is its last change.
    columns: { id: payments.id, userId: payments.userId, changedAt: payments.createdAt },
    get: getPayment,
    create: {
      input: createPaymentInput,
      run: async (db, userId, { invoiceId, ...input }) => {
        await recordPayment(db, { userId, id: invoiceId, input });
        // Payments of one invoice are recorded one at a time (the invoice row is locked): the newest is ours.
        return getPayment(db, userId, "", invoiceId);
      },
    },
  }),
  resource({
    path: "expenses",
    description: "Dépenses (montants TTC en centimes).",
    item: expenseDto,
    notFoundMessage: "Dépense introuvable.",
    table: expenses,
    columns: { id: expenses.id, userId: expenses.userId, changedAt: expenses.updatedAt },
    get: (db, userId, id) => getExpense(db, { userId, id }),
    create: { input: createExpenseInput, run: (db, userId, input) => createExpense(db, { userId, input }) },
    update: {
      input: updateExpenseInput,
      run: (db, userId, id, input) => updateExpense(db, { userId, id, input }),
    },
  }),
  resource({
    path: "projects",
    description: "Projets.",
    item: projectDto,
    notFoundMessage: "Projet introuvable.",
    table: projects,
    columns: { id: projects.id, userId: projects.userId, changedAt: projects.updatedAt },
    get: (db, userId, projectId) => getProject(db, { userId, projectId }),
    create: { input: createProjectInput, run: (db, userId, input) => createProject(db, { userId, input }) },
    update: {
      input: updateProjectInput,
      run: (db, userId, projectId, input) => updateProject(db, { userId, projectId, input }),
    },
  }),
  resource({
    path: "tasks",
    description: "Tâches des projets.",
    item: taskDto,
    notFoundMessage: TASK_NOT_FOUND,
    table: tasks,
    columns: { id: tasks.id, userId: tasks.userId, changedAt: tasks.updatedAt },
    get: getTask,
    create: {
      input: createTaskInput.extend({ projectId: z.uuid("Projet invalide.") }),
      run: (db, userId, { projectId, ...input }) => createTask(db, { userId, projectId, input }),
    },
    update: {
      input: updateTaskInput,
      run: async (db, userId, taskId, input) => {
        const { projectId } = await getTask(db, userId, taskId);
        return updateTask(db, { userId, projectId, taskId, input });
      },
    },
  }),
];

export const MALFORMED_CURSOR_MESSAGE = "Curseur invalide : reprenez le next_cursor de la page précédente.";

/** A position in the list: the row's last change as PostgreSQL wrote it (microseconds kept) and its id. */
type Cursor = [changedAt: string, id: string];
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      /^\d{4}-\d{2}-\d{2}[ T][\d:.]+(Z|[+-][\d:]+)?$/.test(value[0]) &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    )
      return value as Cursor;
  } catch {}
  throw new AppError("validation_failed", MALFORMED_CURSOR_MESSAGE, [
    { path: "cursor", message: MALFORMED_CURSOR_MESSAGE },
  ]);
}

/**
 * A page of the user's records, oldest change first, so that a poller asking `updated_since` its last run
 * (or following `next_cursor`) sees every change once. The page's ids come from one indexed query; each
 * record is then read through its module's service, so the API answers exactly what the app shows.
 */
export async function listResource(
  db: Db,
  { userId, resource: entry, query }: { userId: string; resource: Resource; query: V1ListQuery },
): Promise<{ items: unknown[]; next_cursor: string | null }> {
  const { id, userId: owner, changedAt } = entry.columns;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const filters: (SQL | undefined)[] = [
    eq(owner, userId),
    query.updated_since ? gte(changedAt, new Date(query.updated_since)) : undefined,
    cursor ? sql`(${changedAt}, ${id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : undefined,
  ];
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: sql<string>`${id}`, changedAt: sql<string>`${changedAt}::text` })
      .from(entry.table)
      .where(and(...filters))
      .orderBy(asc(changedAt), asc(id))
      .limit(query.limit + 1)
      .offset(query.offset ?? 0),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await Promise.all(page.map((row) => entry.get(db, userId, row.id))),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.changedAt, last.id]) : null,
  };
}
