import { parisToday } from "@shared/domain/dates";
import { clientDto, createClientInput, updateClientInput } from "@shared/schemas/clients";
import { createExpenseInput, expenseDto, updateExpenseInput } from "@shared/schemas/expenses";
import {
  createInvoiceInput,
  type InvoiceDto,
  sendInvoiceInput,
  updateInvoiceInput,
} from "@shared/schemas/invoices";
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
import { createQuoteInput, sendQuoteInput, updateQuoteInput } from "@shared/schemas/quotes";
import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import { clients, expenses, invoices, payments, projects, quotes, tasks } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import type { Mailer } from "../../email/mailer";
import { AppError } from "../../errors";
import { createClient, getClient, toClientDto, updateClient } from "../clients/clients.service";
import {
  createExpense,
  getExpense,
  selectExpenses,
  toExpenseDto,
  updateExpense,
} from "../expenses/expenses.service";
import {
  createInvoiceDraft,
  detailExtras,
  getInvoice,
  issueInvoice,
  recordPayment,
  toDto as toInvoiceDto,
  updateInvoiceDraft,
} from "../invoices/invoices.service";
import { sendInvoice } from "../invoices/send-invoice.service";
import {
  createProject,
  createTask,
  getProject,
  selectProjects,
  TASK_NOT_FOUND,
  taskNotFound,
  toProjectDto,
  toTaskDto,
  updateProject,
  updateTask,
} from "../projects/projects.service";
import { createQuote, getQuote, toQuoteDto, transitionQuote, updateQuote } from "../quotes/quotes.service";
import { sendQuote } from "../quotes/send-quote.service";
import { toPaymentDto } from "./payment-dto";

/*
 * The resources of /api/v1, one entry each: what the routes serve and what openapi.json documents come from
 * here (decision 013). Every read and write goes through the module's own service and shared schemas;
 * this file only adds the sync-friendly listing (oldest change first, keyset cursor, updated_since), whose
 * pages are read in one statement each and turned into DTOs by the modules' own mappers.
 */

type Operation<Input extends z.ZodType, Args extends unknown[]> = {
  input: Input;
  run: (db: Db, userId: string, ...args: [...Args, z.output<Input>]) => Promise<unknown>;
};

/** What an action needs beyond the database: sending e-mails. */
export type ActionDeps = { db: Db; mailer: Mailer };

/** A state change on one record, `POST /<resource>/:id/<name>`, through its module's service. */
type Action<Input extends z.ZodType> = {
  name: string;
  /** French, for the documentation. */
  summary: string;
  /** The body, when the action takes one. */
  input?: Input;
  run: (deps: ActionDeps, userId: string, id: string, input: z.output<Input>) => Promise<unknown>;
};
export type ResourceAction = Action<z.ZodType>;

/** One page of a list, as listResource computed it on the entry's columns. */
export type PageQuery = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** The cursor's position of each row: its last change as PostgreSQL wrote it (microseconds kept), its id. */
  extras: { cursorAt: SQL.Aliased<string>; cursorId: SQL.Aliased<string> };
};
type PageRow = { item: unknown; cursor: Cursor };
type PageParams = { userId: string; today: string; query: PageQuery };

type ResourceDefinition<Create extends z.ZodType, Update extends z.ZodType> = {
  /** Path segment under /api/v1 and the OpenAPI tag. */
  path: string;
  /** French, for the documentation. */
  description: string;
  item: z.ZodType;
  notFoundMessage: string;
  /** The table's owner, id and "last changed" columns, for the list. */
  columns: { id: AnyPgColumn; userId: AnyPgColumn; changedAt: AnyPgColumn };
  get: (db: Db, userId: string, id: string) => Promise<unknown>;
  /** A page in ONE statement, items exactly as `get` answers them (lines, payments, computed statuses). */
  page: (tx: Tx, params: PageParams) => Promise<PageRow[]>;
  create?: Operation<Create, []>;
  update?: Operation<Update, [id: string]>;
  actions?: ResourceAction[];
};

export type Resource = ResourceDefinition<z.ZodType, z.ZodType>;

/** Keeps each entry's operations typed against its own schemas, then erases them into the registry. */
const resource = <Create extends z.ZodType, Update extends z.ZodType>(
  definition: ResourceDefinition<Create, Update>,
) => definition as unknown as Resource;

/** Keeps an action's `run` typed against its own input schema. */
const action = <Input extends z.ZodType = z.ZodUndefined>(definition: Action<Input>) =>
  definition as unknown as ResourceAction;

/** A page's rows, which carry their cursor position beside their own columns, mapped to their DTO. */
const pageOf = <Row extends { cursorAt: string; cursorId: string }>(
  rows: Row[],
  toItem: (row: Row) => unknown,
): PageRow[] => rows.map((row) => ({ item: toItem(row), cursor: [row.cursorAt, row.cursorId] }));

/**
 * The deposit invoices a final invoice deducts, as getInvoice lists them, for the list's one statement. A
 * subquery, not a relation: drizzle has no relation on `final_invoice_id`, and its relational query
 * renames the columns of `invoices` it finds in an extra to the listed row's, hence the inner alias.
 */
const depositsOfInvoice = sql<InvoiceDto["deposits"]>`(
  select coalesce(json_agg(json_build_object(
    'id', deposit.id, 'invoiceNumber', deposit.invoice_number, 'date', deposit.date, 'totalCents', deposit.total_cents
  ) order by deposit.date, deposit.invoice_number), '[]'::json)
  from invoices deposit
  where deposit.final_invoice_id = ${invoices.id} and deposit.user_id = ${invoices.userId}
)`.as("deposits");

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
    columns: { id: clients.id, userId: clients.userId, changedAt: clients.updatedAt },
    get: (db, userId, clientId) => getClient(db, { userId, clientId }),
    page: async (tx, { query }) => pageOf(await tx.query.clients.findMany(query), toClientDto),
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
    columns: { id: quotes.id, userId: quotes.userId, changedAt: quotes.updatedAt },
    get: (db, userId, id) => getQuote(db, { userId, id }),
    page: async (tx, { query, today }) =>
      pageOf(
        await tx.query.quotes.findMany({
          ...query,
          with: {
            items: { orderBy: (items, { asc }) => [asc(items.position)] },
            // The first invoice made from the quote, the one conversion keeps.
            invoices: {
              columns: { id: true, invoiceNumber: true },
              orderBy: (made, { asc }) => [asc(made.createdAt), asc(made.id)],
              limit: 1,
            },
            client: { columns: { email: true } },
          },
        }),
        ({ items, invoices: [invoice], client, ...row }) =>
          toQuoteDto(row, items, { invoice: invoice ?? null, clientEmail: client?.email || null }, today),
      ),
    create: { input: createQuoteInput, run: (db, userId, input) => createQuote(db, { userId, input }) },
    update: {
      input: updateQuoteInput,
      run: (db, userId, id, input) => updateQuote(db, { userId, id, input }),
    },
    actions: [
      action({
        name: "send",
        summary:
          "Envoie le devis par e-mail (PDF joint) au client ou à `to`, avec `message` ou le message par défaut ; un brouillon devient envoyé.",
        input: sendQuoteInput,
        run: (deps, userId, id, input) => sendQuote(deps, { userId, id, input }),
      }),
      action({
        name: "accept",
        summary: "Marque un devis envoyé comme accepté par le client.",
        run: ({ db }, userId, id) => transitionQuote(db, { userId, id, to: "accept" }),
      }),
      action({
        name: "refuse",
        summary: "Marque un devis envoyé (ou expiré) comme refusé par le client.",
        run: ({ db }, userId, id) => transitionQuote(db, { userId, id, to: "refuse" }),
      }),
    ],
  }),
  resource({
    path: "invoices",
    description:
      "Factures et avoirs. Une facture se crée en brouillon ; une fois émise elle n'est plus modifiable.",
    item: invoiceDto,
    notFoundMessage: "Facture introuvable.",
    columns: { id: invoices.id, userId: invoices.userId, changedAt: invoices.updatedAt },
    get: (db, userId, id) => getInvoice(db, { userId, id }),
    page: async (tx, { query, today }) =>
      pageOf(
        await tx.query.invoices.findMany({
          ...query,
          extras: { ...query.extras, deposits: depositsOfInvoice },
          with: {
            items: { orderBy: (items, { asc }) => [asc(items.position)] },
            payments: {
              columns: { id: true, amountCents: true, paidOn: true, method: true, reference: true },
              orderBy: (received, { asc }) => [asc(received.paidOn), asc(received.createdAt)],
            },
            creditNotes: {
              columns: { id: true, invoiceNumber: true, totalCents: true },
              orderBy: (notes, { asc }) => [asc(notes.createdAt)],
            },
          },
        }),
        ({ items, payments: received, creditNotes, deposits, ...row }) =>
          toInvoiceDto(row, items, today, detailExtras(row, { payments: received, creditNotes, deposits })),
      ),
    create: {
      input: createInvoiceInput,
      run: (db, userId, input) => createInvoiceDraft(db, { userId, input }),
    },
    update: {
      input: updateInvoiceInput,
      run: (db, userId, id, input) => updateInvoiceDraft(db, { userId, id, input }),
    },
    actions: [
      action({
        name: "issue",
        summary:
          "Émet un brouillon : numéro suivant de la série de l'année, identités figées, échéance ; la facture n'est plus modifiable.",
        run: ({ db }, userId, id) => issueInvoice(db, { userId, id }),
      }),
      action({
        name: "send",
        summary:
          "Envoie la facture par e-mail (PDF Factur-X joint) au client ou à `to` ; un brouillon n'est émis puis envoyé qu'avec `issueDraft: true`.",
        input: sendInvoiceInput,
        run: (deps, userId, id, input) => sendInvoice(deps, { userId, id, input }),
      }),
    ],
  }),
  resource({
    path: "payments",
    description:
      "Paiements reçus : POST /payments enregistre un paiement sur une facture émise (elle passe payée une fois soldée). Un paiement ne se modifie pas.",
    item: paymentDto,
    notFoundMessage: "Paiement introuvable.",
    // A payment never changes: its creation is its last change.
    columns: { id: payments.id, userId: payments.userId, changedAt: payments.createdAt },
    get: getPayment,
    page: async (tx, { query }) => pageOf(await tx.query.payments.findMany(query), toPaymentDto),
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
    columns: { id: expenses.id, userId: expenses.userId, changedAt: expenses.updatedAt },
    get: (db, userId, id) => getExpense(db, { userId, id }),
    page: async (tx, { userId, query }) =>
      pageOf(
        await selectExpenses(tx, userId, query.extras)
          .where(query.where)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset),
        toExpenseDto,
      ),
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
    columns: { id: projects.id, userId: projects.userId, changedAt: projects.updatedAt },
    get: (db, userId, projectId) => getProject(db, { userId, projectId }),
    page: async (tx, { userId, query }) =>
      pageOf(
        await selectProjects(tx, userId, query.extras)
          .query.where(query.where)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset),
        toProjectDto,
      ),
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
    columns: { id: tasks.id, userId: tasks.userId, changedAt: tasks.updatedAt },
    get: getTask,
    page: async (tx, { query }) => pageOf(await tx.query.tasks.findMany(query), toTaskDto),
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
 * (or following `next_cursor`) sees every change once. The page is read in one statement (lines, payments
 * and related names included) and mapped by the modules' own DTO functions, so it answers what `get` does.
 */
export async function listResource(
  db: Db,
  {
    userId,
    resource: entry,
    query,
    now = new Date(),
  }: { userId: string; resource: Resource; query: V1ListQuery; now?: Date },
): Promise<{ items: unknown[]; next_cursor: string | null }> {
  const { id, userId: owner, changedAt } = entry.columns;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const page: PageQuery = {
    where: and(
      eq(owner, userId),
      query.updated_since ? gte(changedAt, new Date(query.updated_since)) : undefined,
      cursor ? sql`(${changedAt}, ${id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : undefined,
    ),
    orderBy: [asc(changedAt), asc(id)],
    // One more than asked: whether it comes back says if there is a next page.
    limit: query.limit + 1,
    offset: query.offset ?? 0,
    extras: {
      cursorAt: sql<string>`${changedAt}::text`.as("cursor_at"),
      cursorId: sql<string>`${id}::text`.as("cursor_id"),
    },
  };
  const rows = await withTenant(db, userId, (tx) =>
    entry.page(tx, { userId, today: parisToday(now), query: page }),
  );
  const last = rows[query.limit - 1];
  return {
    items: rows.slice(0, query.limit).map((row) => row.item),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.cursor) : null,
  };
}
