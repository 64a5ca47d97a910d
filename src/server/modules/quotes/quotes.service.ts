import { addDays, parisToday, yearOf } from "@shared/domain/dates";
import { computeTotals, depositLines } from "@shared/domain/totals";
import { formatDate, formatMoney } from "@shared/format";
import type { ListResult } from "@shared/schemas/list";
import {
  type CreateDepositInput,
  type CreateQuoteInput,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  percentText,
  type QuoteDto,
  type QuoteListQuery,
  type QuoteStatus,
  type UpdateQuoteInput,
  VALID_UNTIL_BEFORE_DATE,
} from "@shared/schemas/quotes";
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
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageTotal, pageWindow, totalOf } from "../../db/paging";
import { businessIdentities, clients, invoices, quoteItems, quotes } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { vatLabel } from "../../pdf/document-layout";
import { likeContaining } from "../clients/text-search";
import { copiedLines, lineDtos } from "../documents/lines";
import { documentStore, ownLinks } from "../documents/store";
import { createInvoiceDraft } from "../invoices/invoices.service";
import { takeNextNumber } from "../invoices/numbering";
import { emitEvent } from "../public-api/events";

type QuoteRow = typeof quotes.$inferSelect;
type ItemRow = typeof quoteItems.$inferSelect;
type LinkedInvoice = QuoteDto["invoice"];
/** What a DTO adds to the quote row: its invoice and its client's e-mail, as they are today. */
type Related = { invoice: LinkedInvoice; clientEmail: string | null };

export const QUOTE_NOT_FOUND = "Devis introuvable.";
const notFound = () => new AppError("not_found", QUOTE_NOT_FOUND);

/** Issue 4: a sent quote past its validity reads as expiré, whatever is stored. */
export function effectiveQuoteStatus(
  row: Pick<QuoteRow, "status" | "validUntil">,
  today: string,
): QuoteStatus {
  if (row.status === "envoyé" && row.validUntil && row.validUntil < today) return "expiré";
  return row.status;
}

export function toQuoteDto(row: QuoteRow, items: ItemRow[], related: Related, today: string): QuoteDto {
  return {
    id: row.id,
    quoteNumber: row.quoteNumber ?? "",
    clientId: row.clientId,
    clientName: row.clientName,
    clientEmail: related.clientEmail,
    projectId: row.projectId,
    date: row.date,
    validUntil: row.validUntil ?? row.date,
    startDate: row.startDate,
    estimatedDuration: row.estimatedDuration,
    depositPercentBp: row.depositPercentBp,
    feeCents: row.feeCents,
    status: effectiveQuoteStatus(row, today),
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    notes: row.notes,
    terms: row.terms,
    sentAt: row.sentAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    refusedAt: row.refusedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    invoice: related.invoice,
    lines: lineDtos(items),
  };
}

const store = documentStore({
  header: quotes,
  items: quoteItems,
  documentId: quoteItems.quoteId,
  link: (quoteId) => ({ quoteId }),
  notFound,
  notDraft: "Seul un devis en brouillon peut être modifié ou supprimé : ce devis a déjà été envoyé.",
});
const { own, loadOwn, loadItems } = store;

/** The invoices made from these quotes, the first one of each (the one conversion keeps). */
async function linkedInvoices(tx: Tx, userId: string, quoteIds: string[]) {
  const linked = new Map<string, NonNullable<LinkedInvoice>>();
  if (quoteIds.length === 0) return linked;
  const rows = await tx
    .select({ id: invoices.id, quoteId: invoices.quoteId, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    // A deposit invoice asks for part of the price before the work: the quote is not converted by it.
    .where(
      and(eq(invoices.userId, userId), inArray(invoices.quoteId, quoteIds), eq(invoices.isDeposit, false)),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  for (const row of rows) {
    if (row.quoteId && !linked.has(row.quoteId))
      linked.set(row.quoteId, { id: row.id, invoiceNumber: row.invoiceNumber });
  }
  return linked;
}

/** The e-mail addresses of these clients (a client without one is left out). */
async function clientEmails(tx: Tx, userId: string, clientIds: (string | null)[]) {
  const emails = new Map<string, string>();
  const ids = [...new Set(clientIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return emails;
  const rows = await tx
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(and(eq(clients.userId, userId), inArray(clients.id, ids)));
  for (const row of rows) if (row.email) emails.set(row.id, row.email);
  return emails;
}

/** The DTOs of these rows, with their linked invoices and client e-mails read in two queries. */
async function toDtos(tx: Tx, userId: string, rows: QuoteRow[], today: string): Promise<QuoteDto[]> {
  const [linked, emails] = await Promise.all([
    linkedInvoices(
      tx,
      userId,
      rows.map((row) => row.id),
    ),
    clientEmails(
      tx,
      userId,
      rows.map((row) => row.clientId),
    ),
  ]);
  return rows.map((row) =>
    toQuoteDto(
      row,
      [],
      {
        invoice: linked.get(row.id) ?? null,
        clientEmail: (row.clientId && emails.get(row.clientId)) || null,
      },
      today,
    ),
  );
}

/** One quote's full DTO: its lines, its invoice and its client's e-mail. */
async function detailDto(tx: Tx, userId: string, row: QuoteRow, today: string): Promise<QuoteDto> {
  const [items, linked, emails] = await Promise.all([
    loadItems(tx, userId, row.id),
    linkedInvoices(tx, userId, [row.id]),
    clientEmails(tx, userId, [row.clientId]),
  ]);
  return toQuoteDto(
    row,
    items,
    {
      invoice: linked.get(row.id) ?? null,
      clientEmail: (row.clientId && emails.get(row.clientId)) || null,
    },
    today,
  );
}

function assertValidity(date: string, validUntil: string) {
  if (validUntil < date) {
    throw new AppError("validation_failed", VALID_UNTIL_BEFORE_DATE, [
      { path: "validUntil", message: VALID_UNTIL_BEFORE_DATE },
    ]);
  }
}

/**
 * Creates a draft quote with the next DEV- number of the year's series, taken in the same transaction (a
 * rollback hands it back). Validity defaults to the seller's `quote_validity_days`, else 30 days.
 */
export async function createQuote(
  db: Db,
  { userId, input, now = new Date() }: { userId: string; input: CreateQuoteInput; now?: Date },
): Promise<QuoteDto> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    await ownLinks(tx, userId, input);
    const date = input.date ?? today;
    let validUntil = input.validUntil;
    if (!validUntil) {
      const [identity] = await tx
        .select({ days: businessIdentities.quoteValidityDays })
        .from(businessIdentities)
        .where(eq(businessIdentities.userId, userId));
      validUntil = addDays(date, identity?.days ?? DEFAULT_QUOTE_VALIDITY_DAYS);
    }
    assertValidity(date, validUntil);
    const quoteNumber = await takeNextNumber(tx, { userId, series: "devis", year: yearOf(date) });
    const row = await store.insertWithLines(
      tx,
      userId,
      {
        userId,
        quoteNumber,
        clientId: input.clientId ?? null,
        clientName: input.clientName,
        projectId: input.projectId ?? null,
        date,
        validUntil,
        startDate: input.startDate ?? null,
        estimatedDuration: input.estimatedDuration || null,
        depositPercentBp: input.depositPercentBp ?? null,
        feeCents: input.feeCents ?? 0,
        notes: input.notes ?? null,
        terms: input.terms ?? null,
        discountKind: input.discountKind ?? null,
        discountValue: input.discountValue ?? 0,
      },
      input.lines,
      input,
    );
    return detailDto(tx, userId, row, today);
  });
}

export async function getQuote(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<QuoteDto> {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id);
    return detailDto(tx, userId, row, parisToday(now));
  });
}

/** The stored-status condition that reads as `status` today (expiré is computed, see effectiveQuoteStatus). */
function statusFilter(status: QuoteStatus, today: string): SQL | undefined {
  if (status === "expiré")
    return or(eq(quotes.status, "expiré"), and(eq(quotes.status, "envoyé"), lt(quotes.validUntil, today)));
  if (status === "envoyé")
    return and(eq(quotes.status, "envoyé"), or(isNull(quotes.validUntil), gte(quotes.validUntil, today)));
  return eq(quotes.status, status);
}

function listWhere(userId: string, query: Pick<QuoteListQuery, "search" | "status">, today: string) {
  const filters: (SQL | undefined)[] = [eq(quotes.userId, userId)];
  if (query.search) {
    const pattern = likeContaining(query.search);
    filters.push(or(ilike(quotes.quoteNumber, pattern), ilike(quotes.clientName, pattern)));
  }
  if (query.status) filters.push(statusFilter(query.status, today));
  return and(...filters);
}

export async function listQuotes(
  db: Db,
  { userId, query, now = new Date() }: { userId: string; query: QuoteListQuery; now?: Date },
): Promise<ListResult<QuoteDto>> {
  const today = parisToday(now);
  const where = listWhere(userId, query, today);
  const { limit, offset } = pageWindow(query);
  return withTenant(db, userId, async (tx) => {
    const counting = tx.select({ n: count() }).from(quotes).where(where);
    const rows = await tx
      .select({ ...getTableColumns(quotes), total: totalOf(counting) })
      .from(quotes)
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(limit)
      .offset(offset);
    return {
      items: await toDtos(tx, userId, rows, today),
      total: await pageTotal(rows, counting, offset),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** Every quote matching the filters (no paging), newest first, for the CSV export. */
export async function exportQuotes(
  db: Db,
  {
    userId,
    query,
    now = new Date(),
  }: { userId: string; query: Pick<QuoteListQuery, "search" | "status">; now?: Date },
): Promise<QuoteDto[]> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const rows = await tx
      .select()
      .from(quotes)
      .where(listWhere(userId, query, today))
      .orderBy(desc(quotes.createdAt), desc(quotes.id));
    return toDtos(tx, userId, rows, today);
  });
}

export async function updateQuote(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: UpdateQuoteInput; now?: Date },
): Promise<QuoteDto> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const row = await store.lockDraft(tx, userId, id, input);
    assertValidity(input.date ?? row.date, input.validUntil ?? row.validUntil ?? row.date);
    const { lines, ...fields } = input;
    const totals = await store.updatedTotals(tx, userId, row, input);
    const [updated] = await tx
      .update(quotes)
      .set({ ...fields, ...totals })
      .where(own(userId, id))
      .returning();
    return detailDto(tx, userId, updated ?? row, today);
  });
}

export async function deleteQuote(db: Db, { userId, id }: { userId: string; id: string }): Promise<void> {
  await withTenant(db, userId, async (tx) => {
    await store.deleteDraft(tx, userId, id);
  });
}

/**
 * Issue 4: what can be sent to the client, by e-mail or by hand. A draft needs a validity still to come;
 * a sent or accepted quote may be sent again; a refused or expired one is over (a duplicate starts anew).
 */
export function assertCanBeSent(quote: { status: QuoteStatus; validUntil: string }, today: string) {
  if (quote.status === "brouillon" && quote.validUntil < today) {
    throw new AppError(
      "conflict",
      `La date de validité (${formatDate(quote.validUntil)}) est dépassée : modifiez-la avant d'envoyer le devis.`,
    );
  }
  if (quote.status === "refusé") {
    throw new AppError(
      "conflict",
      "Ce devis a été refusé : il ne peut plus être envoyé. Dupliquez-le pour proposer une nouvelle offre.",
    );
  }
  if (quote.status === "expiré") {
    throw new AppError(
      "conflict",
      `Ce devis a expiré le ${formatDate(quote.validUntil)} : il ne peut plus être envoyé. Dupliquez-le avec une nouvelle validité.`,
    );
  }
}

/**
 * Records that the quote has just been sent to the client: a draft becomes envoyé; any other quote only
 * moves its `sent_at` (sending again).
 */
export async function markQuoteSent(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<QuoteDto> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    const changes: Partial<QuoteRow> =
      row.status === "brouillon" ? { status: "envoyé", sentAt: now } : { sentAt: now };
    const [updated] = await tx.update(quotes).set(changes).where(own(userId, id)).returning();
    const quote = await detailDto(tx, userId, updated ?? row, today);
    if (row.status === "brouillon") await emitEvent(tx, userId, "quote.sent", quote);
    return quote;
  });
}

type Transition = "send" | "accept" | "refuse";

/**
 * brouillon → envoyé → accepté | refusé, with their timestamps; an expired quote cannot be accepted.
 * `send` marks a draft as sent without e-mailing it (handed over otherwise); see send-quote.service.ts.
 */
export async function transitionQuote(
  db: Db,
  { userId, id, to, now = new Date() }: { userId: string; id: string; to: Transition; now?: Date },
): Promise<QuoteDto> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    const status = effectiveQuoteStatus(row, today);
    const validUntil = row.validUntil ?? row.date;
    let changes: Partial<QuoteRow>;
    if (to === "send") {
      if (status !== "brouillon")
        throw new AppError("conflict", "Ce devis a déjà été envoyé : seul un brouillon peut l'être.");
      assertCanBeSent({ status, validUntil }, today);
      changes = { status: "envoyé", sentAt: now };
    } else if (status === "expiré" && to === "accept") {
      throw new AppError(
        "conflict",
        `Ce devis a expiré le ${formatDate(validUntil)} : il ne peut plus être accepté. Dupliquez-le avec une nouvelle validité.`,
      );
    } else if (status !== "envoyé" && !(status === "expiré" && to === "refuse")) {
      throw new AppError(
        "conflict",
        to === "accept"
          ? "Seul un devis envoyé peut être accepté."
          : "Seul un devis envoyé peut être marqué comme refusé.",
      );
    } else {
      changes =
        to === "accept" ? { status: "accepté", acceptedAt: now } : { status: "refusé", refusedAt: now };
    }
    const [updated] = await tx.update(quotes).set(changes).where(own(userId, id)).returning();
    const quote = await detailDto(tx, userId, updated ?? row, today);
    if (to !== "refuse") await emitEvent(tx, userId, to === "send" ? "quote.sent" : "quote.accepted", quote);
    return quote;
  });
}

const alreadyConverted = (invoice: NonNullable<LinkedInvoice>) =>
  new AppError(
    "conflict",
    `Ce devis a déjà été converti en facture${invoice.invoiceNumber ? ` (${invoice.invoiceNumber})` : " (brouillon)"}.`,
    [{ path: "invoiceId", message: invoice.id }],
  );

/**
 * Turns an accepted quote into an invoice draft: same client, project and lines, a note naming the quote,
 * `quote_id` kept. The invoices service runs inside this transaction (as a savepoint) while the quote row
 * stays locked, so two simultaneous conversions cannot both create an invoice.
 */
export async function convertQuote(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
) {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    const existing = (await linkedInvoices(tx, userId, [id])).get(id);
    if (existing) throw alreadyConverted(existing);
    if (row.status !== "accepté")
      throw new AppError("conflict", "Seul un devis accepté peut être converti en facture.");
    const items = await loadItems(tx, userId, id);
    const reference = `Selon notre devis ${row.quoteNumber} du ${formatDate(row.date)}.`;
    // The final invoice deducts the deposit invoices issued from this quote (and not cancelled).
    const deposits = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.quoteId, id),
          eq(invoices.isDeposit, true),
          notInArray(invoices.status, ["brouillon", "annulée"]),
          isNull(invoices.finalInvoiceId),
        ),
      );
    return createInvoiceDraft(tx, {
      userId,
      quoteId: id,
      now,
      input: {
        clientId: row.clientId ?? undefined,
        clientName: row.clientName,
        projectId: row.projectId ?? undefined,
        notes: [reference, row.notes].filter(Boolean).join("\n\n"),
        lines: copiedLines(lineDtos(items)),
        discountKind: row.discountKind,
        discountValue: row.discountValue,
        depositInvoiceIds: deposits.map((deposit) => deposit.id),
      },
    });
  });
}

/**
 * A « facture d'acompte » draft for `percentBp` of a sent or accepted quote: one line per VAT rate, that
 * share of the rate's base, so the deposit carries the quote's VAT. The deposits of one quote cannot
 * exceed it; the final invoice (convertQuote) deducts them.
 */
export async function createDepositInvoice(
  db: Db,
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: CreateDepositInput; now?: Date },
) {
  return withTenant(db, userId, async (tx) => {
    const row = await loadOwn(tx, userId, id, { lock: true });
    const status = effectiveQuoteStatus(row, parisToday(now));
    if (status !== "envoyé" && status !== "accepté")
      throw new AppError(
        "conflict",
        "Seul un devis envoyé ou accepté peut donner lieu à une facture d'acompte.",
      );
    const existing = (await linkedInvoices(tx, userId, [id])).get(id);
    if (existing) throw alreadyConverted(existing);
    const { byRate } = computeTotals(await loadItems(tx, userId, id), row);
    const lines = depositLines(byRate, input.percentBp).map((line) => ({
      description: `Acompte de ${percentText(input.percentBp)} % sur le devis ${row.quoteNumber}${
        byRate.length > 1 ? ` (TVA ${vatLabel(line.vatRateBp)})` : ""
      }`,
      ...line,
    }));
    const asked = computeTotals(lines).totalCents;
    const [previous] = await tx
      .select({
        cents: sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.creditedCents}), 0)::int`,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.quoteId, id),
          eq(invoices.isDeposit, true),
          notInArray(invoices.status, ["annulée"]),
        ),
      );
    const left = row.totalCents - (previous?.cents ?? 0);
    if (lines.length === 0 || asked > left) {
      const message = `Les acomptes dépasseraient le montant du devis : il reste ${formatMoney(left)} TTC à demander.`;
      throw new AppError("validation_failed", message, [{ path: "percentBp", message }]);
    }
    return createInvoiceDraft(tx, {
      userId,
      quoteId: id,
      now,
      input: {
        clientId: row.clientId ?? undefined,
        clientName: row.clientName,
        projectId: row.projectId ?? undefined,
        notes: `Acompte selon notre devis ${row.quoteNumber} du ${formatDate(row.date)}.`,
        lines,
        isDeposit: true,
      },
    });
  });
}

/**
 * A new draft from any quote of one's own (an expired or refused one offered again): same client, project,
 * lines, notes and terms; today's date, the default validity and the next DEV- number, as createQuote gives.
 */
export async function duplicateQuote(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<QuoteDto> {
  const source = await getQuote(db, { userId, id, now });
  return createQuote(db, {
    userId,
    now,
    input: {
      clientId: source.clientId ?? undefined,
      clientName: source.clientName,
      projectId: source.projectId ?? undefined,
      notes: source.notes ?? undefined,
      terms: source.terms ?? undefined,
      lines: copiedLines(source.lines),
    },
  });
}
