import { addDays, DEFAULT_PAYMENT_TERMS_DAYS, parisToday, yearOf } from "@shared/domain/dates";
import { paymentTermsMention } from "@shared/domain/legal-identity";
import { reminderSchedule } from "@shared/domain/reminders";
import { amountDueCents, computeTotals, type Discountable } from "@shared/domain/totals";
import { formatMoney } from "@shared/format";
import type {
  CreateCreditNoteInput,
  CreateInvoiceInput,
  InvoiceDto,
  InvoiceReminderDto,
  InvoiceStatus,
  IssueReadinessDto,
  LineInput,
  RecordPaymentInput,
  UpdateInvoiceInput,
} from "@shared/schemas/invoices";
import type { ListResult } from "@shared/schemas/list";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageTotal, pageWindow, storedCount, totalOf } from "../../db/paging";
import { type InvoiceBuyer, invoiceItems, invoiceReminders, invoices, payments } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { vatLabel } from "../../pdf/document-layout";
import { likeContaining } from "../clients/text-search";
import { copiedLines, lineDtos } from "../documents/lines";
import { sellerOf, typedBuyerOf } from "../documents/parties";
import { documentStore, ownLinks } from "../documents/store";
import { queueCashedStatus } from "../einvoicing/einvoicing.service";
import { emitEvent } from "../public-api/events";
import { toPaymentDto } from "../public-api/payment-dto";
import { endFranchiseIfDue } from "../urssaf/vat-franchise.service";
import { issueCheck, issueRefusal } from "./issue-check";
import { takeNextNumber } from "./numbering";

type InvoiceRow = typeof invoices.$inferSelect;
type ItemRow = typeof invoiceItems.$inferSelect;

const notFound = () => new AppError("not_found", "Facture introuvable.");

/** Spec: an issued invoice past its due date reads as en-retard, whether or not the job has run yet. */
export function effectiveStatus(row: Pick<InvoiceRow, "status" | "dueDate">, today: string): InvoiceStatus {
  if (row.status === "en-attente" && row.dueDate && row.dueDate < today) return "en-retard";
  return row.status;
}

type DetailExtras = Pick<InvoiceDto, "payments" | "creditNoteId" | "creditNotes" | "deposits">;
const NO_EXTRAS: DetailExtras = { payments: [], creditNoteId: null, creditNotes: [], deposits: [] };

/** Only an issued invoice is owed: not a draft yet, no longer a cancelled one, never a credit note. */
const dueOf = (
  row: Pick<InvoiceRow, "kind" | "status" | "totalCents" | "depositsCents" | "creditedCents" | "paidCents">,
) =>
  row.kind === "avoir" || row.status === "brouillon" || row.status === "annulée" ? 0 : amountDueCents(row);

export function toDto(
  row: InvoiceRow,
  items: ItemRow[],
  today: string,
  extras: Partial<DetailExtras> = {},
): InvoiceDto {
  return {
    id: row.id,
    kind: row.kind,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId,
    clientName: row.clientName,
    projectId: row.projectId,
    creditedInvoiceId: row.creditedInvoiceId,
    date: row.date,
    serviceDate: row.serviceDate,
    dueDate: row.dueDate,
    status: effectiveStatus(row, today),
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    paidCents: row.paidCents,
    isDeposit: row.isDeposit,
    depositsCents: row.depositsCents,
    creditedCents: row.creditedCents,
    dueCents: dueOf(row),
    notes: row.notes,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    paymentTerms: row.paymentTerms,
    operationNature: row.operationNature,
    vatExemption: row.vatExemption,
    deliveryAddress: row.deliveryAddress,
    seller: row.seller ?? null,
    buyer: row.buyer ?? null,
    lines: lineDtos(items),
    ...NO_EXTRAS,
    ...extras,
  };
}

const store = documentStore({
  header: invoices,
  items: invoiceItems,
  documentId: invoiceItems.invoiceId,
  link: (invoiceId) => ({ invoiceId }),
  notFound,
  notDraft: "Une facture émise ne peut plus être modifiée ni supprimée : annulez-la par un avoir.",
});
const { own, loadOwn, loadItems } = store;

export async function createInvoiceDraft(
  db: Db,
  {
    userId,
    input,
    quoteId,
    typedBuyer,
    now = new Date(),
  }: {
    userId: string;
    input: CreateInvoiceInput;
    quoteId?: string;
    /** A duplicated invoice's typed client, as it was stored. */
    typedBuyer?: InvoiceBuyer | null;
    now?: Date;
  },
): Promise<InvoiceDto> {
  return withTenant(db, userId, async (tx) => {
    await ownLinks(tx, userId, input);
    const created = await store.insertWithLines(
      tx,
      userId,
      {
        userId,
        clientId: input.clientId ?? null,
        clientName: input.clientName,
        buyer: typedBuyer ?? typedBuyerOf(input.clientName, input.typedBuyer, input.clientId),
        projectId: input.projectId ?? null,
        quoteId: quoteId ?? null,
        serviceDate: input.serviceDate ?? null,
        serviceEndDate: input.serviceEndDate ?? null,
        dueDate: input.dueDate ?? null,
        notes: input.notes ?? null,
        operationNature: input.operationNature ?? null,
        vatExemption: input.vatExemption ?? null,
        deliveryAddress: input.deliveryAddress ?? null,
        date: parisToday(now),
        discountKind: input.discountKind ?? null,
        discountValue: input.discountValue ?? 0,
        isDeposit: input.isDeposit ?? false,
      },
      input.lines,
      input,
    );
    const [row] = input.depositInvoiceIds
      ? await tx
          .update(invoices)
          .set({ depositsCents: await linkDeposits(tx, userId, created, input.depositInvoiceIds) })
          .where(eq(invoices.id, created.id))
          .returning()
      : [created];
    return toDto(row ?? created, await loadItems(tx, userId, created.id), parisToday(now));
  });
}

export async function getInvoice(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
) {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id);
    const [items, received, creditNotes, deposits] = await Promise.all([
      loadItems(tx, userId, id),
      tx
        .select({
          id: payments.id,
          amountCents: payments.amountCents,
          paidOn: payments.paidOn,
          method: payments.method,
          reference: payments.reference,
        })
        .from(payments)
        .where(and(eq(payments.invoiceId, id), eq(payments.userId, userId)))
        .orderBy(asc(payments.paidOn), asc(payments.createdAt)),
      tx
        .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, totalCents: invoices.totalCents })
        .from(invoices)
        .where(and(eq(invoices.creditedInvoiceId, id), eq(invoices.userId, userId)))
        .orderBy(asc(invoices.createdAt)),
      tx
        .select({
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          date: invoices.date,
          totalCents: invoices.totalCents,
        })
        .from(invoices)
        .where(and(eq(invoices.finalInvoiceId, id), eq(invoices.userId, userId)))
        .orderBy(asc(invoices.date), asc(invoices.invoiceNumber)),
    ]);
    return toDto(
      row,
      items,
      parisToday(now),
      detailExtras(row, { payments: received, creditNotes, deposits }),
    );
  });
}

/** The invoice's reminders, in the order they are (or were) sent; an unknown or foreign invoice is a 404. */
export async function listInvoiceReminders(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<InvoiceReminderDto[]> {
  return withTenant(db, userId, async (tx) => {
    await loadOwn(tx, userId, id);
    const rows = await tx
      .select({
        id: invoiceReminders.id,
        daysBeforeDue: invoiceReminders.daysBeforeDue,
        scheduledFor: invoiceReminders.scheduledFor,
        status: invoiceReminders.status,
        sentAt: invoiceReminders.sentAt,
      })
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.invoiceId, id), eq(invoiceReminders.userId, userId)))
      .orderBy(asc(invoiceReminders.scheduledFor), desc(invoiceReminders.daysBeforeDue));
    return rows.map((row) => ({ ...row, sentAt: row.sentAt?.toISOString() ?? null }));
  });
}

/** The detail's extras from the invoice's related rows, read here and by the public API's list pages. */
export function detailExtras(
  row: Pick<InvoiceRow, "status">,
  related: Omit<DetailExtras, "creditNoteId">,
): DetailExtras {
  // The credit note that cancelled the invoice is the last one, the one that took its balance to zero.
  const creditNoteId = row.status === "annulée" ? (related.creditNotes.at(-1)?.id ?? null) : null;
  return { ...related, creditNoteId };
}

/** `from`/`to`: issue dates, both included. */
type InvoiceFilters = { search?: string; status?: InvoiceStatus; from?: string; to?: string };

/** A value of the list's filters, or where a prepared statement takes it (see `bindTo`). */
type Bound = string | Placeholder;
/** Passes each named value of the filters through: the value itself, or a placeholder that records it. */
type Bind = (name: string, value: string) => Bound;
const asValue: Bind = (_name, value) => value;

/** The stored-status condition that reads as `status` today (en-retard is also computed, see effectiveStatus). */
function statusFilter(status: InvoiceStatus, today: Bound): SQL | undefined {
  if (status === "en-retard")
    return or(
      eq(invoices.status, "en-retard"),
      and(eq(invoices.status, "en-attente"), lt(invoices.dueDate, today)),
    );
  if (status === "en-attente")
    return and(eq(invoices.status, "en-attente"), or(isNull(invoices.dueDate), gte(invoices.dueDate, today)));
  return eq(invoices.status, status);
}

/** The list's search (number, client) and status filter, shared by the paged list and the CSV export. */
function listWhere(userId: string, query: InvoiceFilters, today: string, bind = asValue) {
  const filters: (SQL | undefined)[] = [eq(invoices.userId, bind("userId", userId))];
  if (query.search) {
    const pattern = bind("pattern", likeContaining(query.search));
    filters.push(or(ilike(invoices.invoiceNumber, pattern), ilike(invoices.clientName, pattern)));
  }
  if (query.status) filters.push(statusFilter(query.status, bind("today", today)));
  if (query.from) filters.push(gte(invoices.date, bind("from", query.from)));
  if (query.to) filters.push(lte(invoices.date, bind("to", query.to)));
  return and(...filters);
}

/** A Bind that puts a placeholder in the statement and the value in `values`. */
function bindTo(values: Record<string, unknown>): Bind {
  return (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
}

const isFiltered = (query: InvoiceFilters) => Boolean(query.search || query.status || query.from || query.to);

/** What a page's total counts: row_counts' stored total when no filter narrows the list. */
function listCounting(tx: Tx, userId: Bound, query: InvoiceFilters, where: SQL | undefined) {
  return isFiltered(query)
    ? tx.select({ n: count() }).from(invoices).where(where)
    : storedCount(tx, userId, invoices);
}

const newestFirst = [desc(invoices.createdAt), desc(invoices.id)];

/**
 * From this many rows skipped, a page reads its ids first, then only their rows (issue 15): OFFSET then walks
 * the skipped invoices' entries in the (user_id, created_at, id) index alone, without reading their rows, so
 * page 2 500 of 100 000 invoices costs an index scan, not 100 000 row reads. A first page reads its rows
 * straight from the index: the detour through ids cost it a third of its throughput.
 */
const DEEP_OFFSET = 1_000;

function preparePage(tx: Tx, query: InvoiceFilters, where: SQL | undefined, shape: string, isDeep: boolean) {
  const page = tx
    .select({
      ...getTableColumns(invoices),
      total: totalOf(listCounting(tx, sql.placeholder("userId"), query, where)),
    })
    .from(invoices);
  if (!isDeep)
    return page
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`invoice_list(${shape})`);
  const pageIds = tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  // `= any(array(…))`, not `in (…)`: the ids are computed once, then fetched by primary key, whatever the
  // values. A prepared statement may settle on a generic plan after five executions; on 100 000 invoices read
  // as the owner, the generic plan of `in (…)` hashed the ids against a sequential scan of the table (30 ms,
  // against 13 ms for its custom plan), while this form keeps the same plan both ways (decision 014).
  return page
    .where(sql`${invoices.id} = any(array(${pageIds}))`)
    .orderBy(...newestFirst)
    .prepare(`invoice_list(${shape})`);
}
const pageStatements = new WeakMap<Tx, Map<string, ReturnType<typeof preparePage>>>();

/**
 * The page statement for one shape of filters (which are set, and the status), prepared once per
 * connection: built once, then parsed and planned once by PostgreSQL (decision 014). Values go in at each
 * execution; none is in the statement's text or in its cache key.
 */
function pageStatement(
  tx: Tx,
  query: InvoiceFilters,
  where: SQL | undefined,
  shape: string,
  isDeep: boolean,
) {
  let statements = pageStatements.get(tx);
  if (!statements) {
    statements = new Map();
    pageStatements.set(tx, statements);
  }
  let statement = statements.get(shape);
  if (!statement) {
    statement = preparePage(tx, query, where, shape, isDeep);
    statements.set(shape, statement);
  }
  return statement;
}

export async function listInvoices(
  db: Db,
  {
    userId,
    query,
    now = new Date(),
  }: {
    userId: string;
    query: InvoiceFilters & { page: number; pageSize: number };
    now?: Date;
  },
): Promise<ListResult<InvoiceDto>> {
  const today = parisToday(now);
  const { limit, offset } = pageWindow(query);
  return withTenant(db, userId, async (tx) => {
    const values: Record<string, unknown> = { limit, offset };
    const where = listWhere(userId, query, today, bindTo(values));
    const isDeep = offset >= DEEP_OFFSET;
    const shape = [isDeep ? "deep" : "", query.status ?? "", ...Object.keys(values)].join(",");
    const rows = await pageStatement(tx, query, where, shape, isDeep).execute(values);
    return {
      items: rows.map((row) => toDto(row, [], today)),
      total: await pageTotal(
        rows,
        () => listCounting(tx, userId, query, listWhere(userId, query, today)),
        offset,
      ),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** A list's figures, for an answer that sums it up (the spoken one): how many, what is owed, which one first. */
export type InvoiceListSummary = {
  count: number;
  /** What the list's invoices add up to (credit notes left out). */
  totalCents: number;
  /** Left to pay on the issued invoices of the list (drafts, cancelled ones and credit notes owe nothing). */
  dueCents: number;
  /** The one owed the longest (earliest due date), then the one owing the most; null when nothing is owed. */
  oldestDue: InvoiceDto | null;
  largestDue: InvoiceDto | null;
};

/** The same filters as the list, summed up by the database rather than read page by page. */
export async function summarizeInvoices(
  db: Db,
  { userId, query, now = new Date() }: { userId: string; query: InvoiceFilters; now?: Date },
): Promise<InvoiceListSummary> {
  const today = parisToday(now);
  const owed = and(
    listWhere(userId, query, today),
    ne(invoices.kind, "avoir"),
    inArray(invoices.status, ["en-attente", "en-retard"]),
  );
  const due = sql<number>`(${invoices.totalCents} - ${invoices.depositsCents} - ${invoices.creditedCents} - ${invoices.paidCents})`;
  return withTenant(db, userId, async (tx) => {
    const [figures] = await tx
      .select({
        count: count(),
        totalCents: sql<
          string | null
        >`sum(${invoices.totalCents}) filter (where ${invoices.kind} <> 'avoir')`,
        dueCents: sql<string | null>`sum(${due}) filter (where ${owed})`,
      })
      .from(invoices)
      .where(listWhere(userId, query, today));
    const firstOwed = async (order: SQL[]) => {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(owed, sql`${due} > 0`))
        .orderBy(...order)
        .limit(1);
      return row ? toDto(row, [], today) : null;
    };
    return {
      count: figures?.count ?? 0,
      totalCents: Number(figures?.totalCents ?? 0),
      dueCents: Number(figures?.dueCents ?? 0),
      oldestDue: await firstOwed([sql`${invoices.dueDate} asc nulls last`, asc(invoices.date)]),
      largestDue: await firstOwed([desc(due), asc(invoices.dueDate)]),
    };
  });
}

/**
 * Rows per statement of the CSV export. On PGlite a batch holds the one connection, and the main thread,
 * while it is read (about 10 ms of CPU for 250 rows here): another request waits for one batch at most
 * (issue 15). Smaller batches cost more statements: 1 000 rows took 30 % less CPU per row.
 */
export const EXPORT_BATCH_SIZE = 250;

/** The columns of a CSV export's line (invoices.routes.ts), read without the rest of the invoice. */
const exportSelection = {
  id: invoices.id,
  // The keyset cursor keeps created_at as PostgreSQL's text (microseconds), which a JavaScript Date would round.
  cursor: sql<string>`${invoices.createdAt}::text`,
  invoiceNumber: invoices.invoiceNumber,
  kind: invoices.kind,
  isDeposit: invoices.isDeposit,
  clientName: invoices.clientName,
  date: invoices.date,
  dueDate: invoices.dueDate,
  issuedAt: invoices.issuedAt,
  status: invoices.status,
  subtotalCents: invoices.subtotalCents,
  taxCents: invoices.taxCents,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  depositsCents: invoices.depositsCents,
  creditedCents: invoices.creditedCents,
};

export type InvoiceExportRow = Pick<
  InvoiceDto,
  | "invoiceNumber"
  | "kind"
  | "isDeposit"
  | "clientName"
  | "date"
  | "dueDate"
  | "status"
  | "subtotalCents"
  | "taxCents"
  | "totalCents"
  | "paidCents"
  | "dueCents"
> & { isIssued: boolean };

/**
 * Every invoice and credit note matching the list's filters (no paging), newest first, for the CSV export,
 * in batches of `batchSize` (issue 15): 100 000 invoices never sit in memory at once, and only the columns
 * the file shows are read (a whole row with its parties' JSON cost twice the time and memory per line). Each
 * batch is its own short tenant transaction, so on PGlite (one connection) other users' requests run between
 * batches instead of waiting for the whole export. Batches follow a keyset on (created_at, id), the list's
 * order and index.
 */
export async function* exportInvoices(
  db: Db,
  {
    userId,
    query,
    now = new Date(),
    batchSize = EXPORT_BATCH_SIZE,
  }: { userId: string; query: InvoiceFilters; now?: Date; batchSize?: number },
): AsyncGenerator<InvoiceExportRow[]> {
  const today = parisToday(now);
  const where = listWhere(userId, query, today);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const cursor = after;
    const rows = await withTenant(db, userId, (tx) =>
      tx
        .select(exportSelection)
        .from(invoices)
        .where(
          cursor
            ? and(
                where,
                sql`(${invoices.createdAt}, ${invoices.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
              )
            : where,
        )
        .orderBy(...newestFirst)
        .limit(batchSize),
    );
    if (rows.length > 0)
      yield rows.map((row) => ({
        invoiceNumber: row.invoiceNumber,
        kind: row.kind,
        isDeposit: row.isDeposit,
        clientName: row.clientName,
        date: row.date,
        dueDate: row.dueDate,
        isIssued: row.issuedAt !== null,
        status: effectiveStatus(row, today),
        subtotalCents: row.subtotalCents,
        taxCents: row.taxCents,
        totalCents: row.totalCents,
        paidCents: row.paidCents,
        dueCents: dueOf(row),
      }));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.cursor, id: last.id };
  }
}

export async function updateInvoiceDraft(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: UpdateInvoiceInput; now?: Date },
): Promise<InvoiceDto> {
  return withTenant(db, userId, async (tx) => {
    const row = await store.lockDraft(tx, userId, id, input);
    const { lines, depositInvoiceIds, typedBuyer, ...fields } = input;
    const totals = await store.updatedTotals(tx, userId, row, input);
    // A client record chosen, or the typed client's details given: the draft's typed buyer follows.
    const buyer =
      typedBuyer !== undefined || fields.clientId
        ? {
            buyer: typedBuyerOf(
              fields.clientName ?? row.clientName,
              typedBuyer,
              fields.clientId ?? row.clientId,
            ),
          }
        : {};
    const deposits = depositInvoiceIds
      ? { depositsCents: await linkDeposits(tx, userId, row, depositInvoiceIds) }
      : {};
    const [updated] = await tx
      .update(invoices)
      .set({ ...fields, ...totals, ...deposits, ...buyer })
      .where(own(userId, id))
      .returning();
    return toDto(updated ?? row, await loadItems(tx, userId, id), parisToday(now));
  });
}

/**
 * Makes `finalInvoice` deduct the deposit invoices `ids` (and only them): each must be the user's issued,
 * uncancelled deposit invoice, not deducted by another invoice yet. Returns what they come to, incl. VAT
 * and less what credit notes took off them.
 */
async function linkDeposits(
  tx: Tx,
  userId: string,
  finalInvoice: InvoiceRow,
  ids: readonly string[],
): Promise<number> {
  if (finalInvoice.isDeposit && ids.length > 0)
    throw new AppError("validation_failed", "Une facture d'acompte ne déduit pas d'autres acomptes.", [
      { path: "depositInvoiceIds", message: "Une facture d'acompte ne déduit pas d'autres acomptes." },
    ]);
  await tx
    .update(invoices)
    .set({ finalInvoiceId: null })
    .where(and(eq(invoices.finalInvoiceId, finalInvoice.id), eq(invoices.userId, userId)));
  if (ids.length === 0) return 0;
  const found = await tx
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, [...ids]), eq(invoices.userId, userId)))
    .for("update");
  for (const id of ids) {
    const deposit = found.find((row) => row.id === id);
    const problem = !deposit?.isDeposit
      ? "Facture d'acompte introuvable."
      : deposit.status === "brouillon" || deposit.status === "annulée"
        ? "Une facture d'acompte doit être émise et non annulée pour être déduite."
        : deposit.finalInvoiceId
          ? `La facture d'acompte ${deposit.invoiceNumber} est déjà déduite d'une autre facture.`
          : null;
    if (problem)
      throw new AppError("validation_failed", problem, [{ path: "depositInvoiceIds", message: problem }]);
  }
  await tx
    .update(invoices)
    .set({ finalInvoiceId: finalInvoice.id })
    .where(and(inArray(invoices.id, [...ids]), eq(invoices.userId, userId)));
  return found.reduce((sum, deposit) => sum + deposit.totalCents - deposit.creditedCents, 0);
}

export async function deleteInvoiceDraft(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<void> {
  await withTenant(db, userId, async (tx) => {
    await store.deleteDraft(tx, userId, id);
  });
}

/** What keeps the draft `id` from being issued now: the issue's own checks, all of them, none thrown. */
export async function invoiceIssueReadiness(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<IssueReadinessDto> {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id);
    if (row.status !== "brouillon") throw new AppError("conflict", "Cette facture est déjà émise.");
    const { problems } = await issueCheck(tx, userId, row, await loadItems(tx, userId, id));
    return { problems: problems.map(({ fix, message, clientId }) => ({ fix, message, clientId })) };
  });
}

/**
 * Issues a draft: checks the seller's legal identity, takes the next number of the year's series in the
 * same transaction, freezes seller and buyer, sets the due date and schedules the payment reminders.
 */
export async function issueInvoice(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
) {
  const today = parisToday(now);
  // Its own transaction: the franchise ends by law whether or not this invoice can be issued (issue 28).
  await withTenant(db, userId, (tx) => endFranchiseIfDue(tx, userId, today));
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    if (row.status !== "brouillon") throw new AppError("conflict", "Cette facture est déjà émise.");
    const items = await loadItems(tx, userId, id);
    const check = await issueCheck(tx, userId, row, items);
    if (!check.isReady) throw issueRefusal(check.problems);
    const { identity, client, buyer, vatExemption } = check;
    // A due date chosen on the draft ("à régler avant le 15") holds unless it is already past; the terms
    // mention then counts its days, so the printed terms and the due date agree.
    const dueDate =
      row.dueDate && row.dueDate >= today
        ? row.dueDate
        : addDays(today, client?.paymentTermsDays ?? identity.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS);
    const termsDays = Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
    const depositsCents = await deductedDeposits(tx, userId, row);
    const invoiceNumber = await takeNextNumber(tx, { userId, series: "facture", year: yearOf(today) });
    // A final invoice that its deposits settle in full asks for nothing more.
    const isSettled = depositsCents > 0 && amountDueCents({ ...row, depositsCents }) === 0;
    const [issued] = await tx
      .update(invoices)
      .set({
        depositsCents,
        status: isSettled ? "payée" : "en-attente",
        ...(isSettled ? { paidAt: now } : {}),
        invoiceNumber,
        date: today,
        serviceDate: row.serviceDate ?? today,
        dueDate,
        seller: sellerOf(identity),
        buyer,
        paymentTerms: paymentTermsMention(termsDays),
        operationNature: row.operationNature ?? identity.operationNature,
        vatExemption,
        issuedAt: now,
      })
      .where(own(userId, id))
      .returning();
    if (!issued) throw notFound();
    if (!isSettled) await insertReminders(tx, userId, id, reminderSchedule(dueDate, today));
    const invoice = toDto(issued, items, today);
    await emitEvent(tx, userId, "invoice.issued", invoice);
    return invoice;
  });
}

/**
 * What the deposits a final invoice deducts come to at its issue; each must still be issued and not
 * cancelled, and together they cannot exceed the invoice.
 */
async function deductedDeposits(tx: Tx, userId: string, row: InvoiceRow): Promise<number> {
  const deposits = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.finalInvoiceId, row.id), eq(invoices.userId, userId)));
  const cancelled = deposits.find((deposit) => deposit.status === "annulée");
  if (cancelled)
    throw new AppError(
      "validation_failed",
      `La facture d'acompte ${cancelled.invoiceNumber} a été annulée : retirez-la avant d'émettre.`,
    );
  const depositsCents = deposits.reduce(
    (sum, deposit) => sum + deposit.totalCents - deposit.creditedCents,
    0,
  );
  if (depositsCents > row.totalCents)
    throw new AppError(
      "validation_failed",
      `Les acomptes déduits (${formatMoney(depositsCents)}) dépassent le total de la facture (${formatMoney(row.totalCents)}).`,
    );
  return depositsCents;
}

async function insertReminders(
  tx: Tx,
  userId: string,
  invoiceId: string,
  schedule: ReturnType<typeof reminderSchedule>,
) {
  if (schedule.length === 0) return;
  await tx.insert(invoiceReminders).values(
    schedule.map((reminder) => ({
      userId,
      invoiceId,
      daysBeforeDue: reminder.daysBeforeDue,
      scheduledFor: reminder.on,
    })),
  );
}

/** A paid or cancelled invoice is owed nothing more: its reminders still to send are dropped. */
async function cancelPendingReminders(tx: Tx, userId: string, invoiceId: string) {
  await tx
    .update(invoiceReminders)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(invoiceReminders.invoiceId, invoiceId),
        eq(invoiceReminders.userId, userId),
        eq(invoiceReminders.status, "pending"),
      ),
    );
}

/**
 * Schedules again the payment reminders an unpaid issued invoice is missing (cancelled ones, or none yet):
 * the assistant's "schedule reminders". Returns the dates now planned; nothing is sent here.
 */
export async function scheduleReminders(
  db: Db,
  { userId, invoiceNumber, now = new Date() }: { userId: string; invoiceNumber: string; now?: Date },
): Promise<{ invoice: InvoiceDto; scheduled: string[] }> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.invoiceNumber, invoiceNumber.toUpperCase())))
      .for("update");
    if (row?.kind !== "facture") throw notFound();
    if (!(row.status === "en-attente" || row.status === "en-retard") || !row.dueDate)
      throw new AppError("conflict", "Seule une facture émise et non réglée peut recevoir des rappels.");
    const planned = await tx
      .select({ daysBeforeDue: invoiceReminders.daysBeforeDue })
      .from(invoiceReminders)
      .where(
        and(
          eq(invoiceReminders.invoiceId, row.id),
          eq(invoiceReminders.userId, userId),
          ne(invoiceReminders.status, "cancelled"),
        ),
      );
    const missing = reminderSchedule(row.dueDate, today).filter(
      (reminder) => !planned.some((existing) => existing.daysBeforeDue === reminder.daysBeforeDue),
    );
    await insertReminders(tx, userId, row.id, missing);
    return { invoice: toDto(row, [], today), scheduled: missing.map((reminder) => reminder.on) };
  });
}

/** Records money received; the invoice becomes payée once fully paid, and its pending reminders stop. */
export async function recordPayment(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: RecordPaymentInput; now?: Date },
) {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    if (row.kind !== "facture" || !["en-attente", "en-retard"].includes(row.status)) {
      throw new AppError("conflict", "Seule une facture émise et non réglée peut recevoir un paiement.");
    }
    const remaining = amountDueCents(row);
    if (input.amountCents > remaining) {
      throw new AppError("validation_failed", "Le paiement dépasse le reste à payer.", [
        { path: "amountCents", message: `Reste à payer : ${formatMoney(remaining)}.` },
      ]);
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        invoiceId: id,
        amountCents: input.amountCents,
        paidOn: input.paidOn ?? today,
        method: input.method,
        reference: input.reference ?? null,
      })
      .returning();
    const paidCents = row.paidCents + input.amountCents;
    const isPaid = input.amountCents === remaining;
    const [updated] = await tx
      .update(invoices)
      .set({ paidCents, ...(isPaid ? { status: "payée" as const, paidAt: now } : {}) })
      .where(own(userId, id))
      .returning();
    if (isPaid) await cancelPendingReminders(tx, userId, id);
    await queueCashedStatus(tx, { userId, invoiceId: id, amountCents: input.amountCents });
    // The money cashed may end the VAT franchise (issue 28): the next invoice then carries VAT.
    await endFranchiseIfDue(tx, userId, today);
    const invoice = toDto(updated ?? row, await loadItems(tx, userId, id), today);
    if (payment) await emitEvent(tx, userId, "payment.received", { ...toPaymentDto(payment), invoice });
    if (isPaid) await emitEvent(tx, userId, "invoice.paid", invoice);
    return invoice;
  });
}

/**
 * Records a refund to the client as a negative payment (a negative receipt in the livre des recettes): at
 * most what was received. An invoice that owes something again reads as unpaid.
 */
export async function recordRefund(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: RecordPaymentInput; now?: Date },
) {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    if (row.kind !== "facture" || row.status === "brouillon") {
      throw new AppError("conflict", "Seule une facture émise peut faire l'objet d'un remboursement.");
    }
    if (input.amountCents > row.paidCents) {
      throw new AppError("validation_failed", "Le remboursement dépasse ce qui a été encaissé.", [
        { path: "amountCents", message: `Encaissé : ${formatMoney(row.paidCents)}.` },
      ]);
    }
    await tx.insert(payments).values({
      userId,
      invoiceId: id,
      amountCents: -input.amountCents,
      paidOn: input.paidOn ?? today,
      method: input.method,
      reference: input.reference ?? null,
      notes: "Remboursement",
    });
    const paidCents = row.paidCents - input.amountCents;
    const isOwedAgain = row.status === "payée" && amountDueCents({ ...row, paidCents }) > 0;
    const [updated] = await tx
      .update(invoices)
      .set({ paidCents, ...(isOwedAgain ? { status: "en-attente" as const, paidAt: null } : {}) })
      .where(own(userId, id))
      .returning();
    return toDto(updated ?? row, await loadItems(tx, userId, id), today);
  });
}

type CreditLine = LineInput;

/**
 * Issues a credit note (avoir) against an issued invoice, with its own number series, pointing at it:
 * `lines` are already negative. The invoice itself is never changed but for what was credited and its
 * status: cancelled once credited in full, paid once nothing is owed any more.
 */
async function issueCreditNote(
  tx: Tx,
  userId: string,
  invoice: InvoiceRow,
  {
    lines,
    discount,
    notes,
    now,
    isCancelling = false,
  }: { lines: CreditLine[]; discount: Discountable; notes: string; now: Date; isCancelling?: boolean },
) {
  const today = parisToday(now);
  const number = await takeNextNumber(tx, { userId, series: "avoir", year: yearOf(today) });
  const creditNote = await store.insertWithLines(
    tx,
    userId,
    {
      userId,
      kind: "avoir",
      creditedInvoiceId: invoice.id,
      clientId: invoice.clientId,
      clientName: invoice.clientName,
      projectId: invoice.projectId,
      invoiceNumber: number,
      // The credit note settles itself at once. Revenue figures add up payments, never invoice totals, so
      // this negative document does not reduce collected revenue: a refund, a negative payment, does.
      status: "payée",
      date: today,
      serviceDate: invoice.serviceDate,
      seller: invoice.seller,
      buyer: invoice.buyer,
      operationNature: invoice.operationNature,
      vatExemption: invoice.vatExemption,
      deliveryAddress: invoice.deliveryAddress,
      notes,
      discountKind: discount.discountKind ?? null,
      discountValue: discount.discountValue ?? 0,
      issuedAt: now,
    },
    lines,
    discount,
  );
  const creditedCents = invoice.creditedCents - creditNote.totalCents;
  // Crediting what is left rate by rate can differ from the balance by a cent of VAT rounding.
  const isCancelled = isCancelling || creditedCents >= invoice.totalCents;
  const isSettled = amountDueCents({ ...invoice, creditedCents }) <= 0;
  await tx
    .update(invoices)
    .set({
      creditedCents,
      ...(isCancelled
        ? { status: "annulée" as const, cancelledAt: now }
        : isSettled && invoice.status !== "payée"
          ? { status: "payée" as const, paidAt: now }
          : {}),
    })
    .where(own(userId, invoice.id));
  if (isCancelled || isSettled) await cancelPendingReminders(tx, userId, invoice.id);
  return toDto(creditNote, await loadItems(tx, userId, creditNote.id), today);
}

/** An issued, not yet cancelled invoice (a deposit one too) is the only thing a credit note can apply to. */
function assertCreditable(row: InvoiceRow) {
  if (row.kind !== "facture" || row.status === "brouillon" || row.status === "annulée") {
    throw new AppError(
      "conflict",
      "Seule une facture émise et non annulée peut recevoir un avoir (un brouillon se supprime).",
    );
  }
}

/** Per VAT rate, the base excl. VAT still creditable: the invoice's, less its credit notes' (negative). */
async function creditableByRate(tx: Tx, userId: string, row: InvoiceRow): Promise<Map<number, number>> {
  const notes = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.creditedInvoiceId, row.id), eq(invoices.userId, userId)));
  const documents = [
    { document: row, items: await loadItems(tx, userId, row.id) },
    ...(await Promise.all(
      notes.map(async (note) => ({ document: note, items: await loadItems(tx, userId, note.id) })),
    )),
  ];
  const creditable = new Map<number, number>();
  for (const { document, items } of documents)
    for (const rate of computeTotals(items, document).byRate)
      creditable.set(rate.vatRateBp, (creditable.get(rate.vatRateBp) ?? 0) + rate.baseCents);
  return creditable;
}

/**
 * A partial credit note: takes back the lines given (typed positive), rate by rate no more than is left
 * to credit on the invoice, and no more than its balance incl. VAT.
 */
export async function createCreditNote(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: CreateCreditNoteInput; now?: Date },
) {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    assertCreditable(row);
    const creditable = await creditableByRate(tx, userId, row);
    const requested = computeTotals(input.lines);
    for (const rate of requested.byRate) {
      const left = creditable.get(rate.vatRateBp) ?? 0;
      if (rate.baseCents > left) {
        const message = creditable.has(rate.vatRateBp)
          ? `L'avoir dépasse ce qui reste à créditer au taux de ${vatLabel(rate.vatRateBp)} : ${formatMoney(left)} HT.`
          : "Ce taux de TVA n'apparaît pas sur la facture.";
        throw new AppError("validation_failed", message, [{ path: "lines", message }]);
      }
    }
    const leftCents = row.totalCents - row.creditedCents;
    if (requested.totalCents > leftCents) {
      const message = `L'avoir dépasse ce qui reste à créditer sur la facture : ${formatMoney(leftCents)} TTC.`;
      throw new AppError("validation_failed", message, [{ path: "lines", message }]);
    }
    return issueCreditNote(tx, userId, row, {
      lines: input.lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents })),
      discount: {},
      notes: input.notes ?? `Avoir partiel sur la facture ${row.invoiceNumber}.`,
      now,
    });
  });
}

/**
 * Cancels an issued invoice the only lawful way: a credit note (avoir) for all that is left to credit.
 * Without an earlier credit note it repeats the invoice's lines in negative, discounts included; after a
 * partial one it takes back what remains, one line per VAT rate.
 */
export async function cancelInvoice(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
) {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    assertCreditable(row);
    if (row.paidCents > 0) {
      throw new AppError(
        "conflict",
        "Cette facture a reçu des paiements : remboursez-les avant de l'annuler par un avoir.",
      );
    }
    const notes = `Avoir annulant la facture ${row.invoiceNumber}.`;
    if (row.creditedCents === 0) {
      const lines = copiedLines(lineDtos(await loadItems(tx, userId, id)));
      return issueCreditNote(tx, userId, row, {
        lines: lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents })),
        discount: row,
        notes,
        now,
        isCancelling: true,
      });
    }
    const creditable = await creditableByRate(tx, userId, row);
    const lines = [...creditable]
      .filter(([, baseCents]) => baseCents > 0)
      .map(([vatRateBp, baseCents]) => ({
        description: `Solde de la facture ${row.invoiceNumber}`,
        quantity: 1,
        unitPriceCents: -baseCents,
        vatRateBp,
      }));
    return issueCreditNote(tx, userId, row, { lines, discount: {}, notes, now, isCancelling: true });
  });
}

/**
 * A new draft from an existing invoice (any status): same client, project, lines and notes. Nothing of the
 * source's life is copied (number, dates, payments, frozen seller and buyer, payment terms, PDF, quote):
 * issuing the copy sets them afresh. A credit note only makes sense against its invoice, so it is refused.
 */
export async function duplicateInvoice(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<InvoiceDto> {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id);
    if (row.kind === "avoir") {
      throw new AppError(
        "conflict",
        "Un avoir ne peut pas être dupliqué : il annule une facture précise. Dupliquez plutôt une facture.",
      );
    }
    const items = await loadItems(tx, userId, id);
    // Runs as a savepoint of this transaction, like a quote's conversion.
    return createInvoiceDraft(tx, {
      userId,
      now,
      typedBuyer: row.clientId ? null : row.buyer,
      input: {
        clientId: row.clientId ?? undefined,
        clientName: row.clientName,
        projectId: row.projectId ?? undefined,
        notes: row.notes ?? undefined,
        lines: copiedLines(lineDtos(items)),
      },
    });
  });
}
