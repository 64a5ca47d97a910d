import type { Discountable } from "@shared/domain/totals";
import type { LineInput } from "@shared/schemas/invoices";
import { and, asc, eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { invoiceItems, invoices, quoteItems, quotes } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { AppError } from "../../errors";
import { ownClient } from "../clients/own-client";
import { ownProject } from "../projects/own-project";
import { copiedLines, lineDtos, lineRows } from "./lines";

// The storage half of the commercial-document core (issue 13 §4): a quote and an invoice (or credit note)
// are a header row and its lines, owned by one user, whose totals the shared domain computes. Each service
// keeps only what its kind of document adds (numbering at issue, validity, deposits…).

type Header = typeof invoices | typeof quotes;
type Items = typeof invoiceItems | typeof quoteItems;

/** Where a kind of document is stored: its header table, its lines and the lines' link to the header. */
type DocumentTables<H extends Header, I extends Items> = {
  header: H;
  items: I;
  documentId: AnyPgColumn;
  /** The line's column values that point at document `id`. */
  link: (id: string) => Partial<I["$inferInsert"]>;
  notFound: () => AppError;
  /** Why a document that is no longer a draft cannot be edited or deleted. */
  notDraft: string;
};

/** A client or project a document links to must be the user's own (404 otherwise). */
export async function ownLinks(tx: Tx, userId: string, links: { clientId?: string; projectId?: string }) {
  await ownClient(tx, userId, links.clientId);
  await ownProject(tx, userId, links.projectId);
}

export function documentStore<H extends Header, I extends Items>(tables: DocumentTables<H, I>) {
  const { header, items, documentId, link, notFound, notDraft } = tables;
  type Row = H["$inferSelect"];
  type ItemRow = I["$inferSelect"];

  /** The user's own row: the id alone never reaches another user's data (row-level security agrees). */
  const own = (userId: string, id: string) => and(eq(header.id, id), eq(header.userId, userId));

  /** The user's row or a 404; locked for the rest of the transaction when it is about to change. */
  async function loadOwn(tx: Tx, userId: string, id: string, { lock = false } = {}): Promise<Row> {
    const query = tx
      .select()
      .from(header as Header)
      .where(own(userId, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw notFound();
    return row as Row;
  }

  /** A draft about to change: the user's row, locked, still a draft, and the links it would take its own. */
  async function lockDraft(
    tx: Tx,
    userId: string,
    id: string,
    links: { clientId?: string; projectId?: string } = {},
  ): Promise<Row> {
    const row = await loadOwn(tx, userId, id, { lock: true });
    if (row.status !== "brouillon") throw new AppError("conflict", notDraft);
    await ownLinks(tx, userId, links);
    return row;
  }

  /** Only a draft is deleted (its lines go with it); anything else was sent or issued. */
  async function deleteDraft(tx: Tx, userId: string, id: string) {
    await lockDraft(tx, userId, id);
    await tx.delete(header as Header).where(own(userId, id));
  }

  async function loadItems(tx: Tx, userId: string, id: string): Promise<ItemRow[]> {
    const rows = await tx
      .select()
      .from(items as Items)
      .where(and(eq(documentId, id), eq(items.userId, userId)))
      .orderBy(asc(items.position));
    return rows as ItemRow[];
  }

  async function insertLines(tx: Tx, userId: string, id: string, rows: ReturnType<typeof lineRows>["rows"]) {
    if (rows.length === 0) return;
    await tx.insert(items as Items).values(rows.map((row) => ({ ...row, userId, ...link(id) }) as never));
  }

  /**
   * Inserts a document with its lines; the stored totals are those the shared domain computes from the
   * lines and the document discount (never those sent by a client).
   */
  async function insertWithLines(
    tx: Tx,
    userId: string,
    values: H["$inferInsert"],
    lines: LineInput[],
    discount: Discountable,
  ): Promise<Row> {
    const { rows, totals } = lineRows(lines, discount);
    const [created] = await tx
      .insert(header as Header)
      .values({ ...values, ...totals } as never)
      .returning();
    if (!created) throw new Error(`${header._.name} insert returned nothing`);
    await insertLines(tx, userId, created.id, rows);
    return created as Row;
  }

  /**
   * The totals a draft's update stores: when its lines or its discount change, the lines are written again
   * (the stored ones when only the discount changes) and their totals computed; otherwise nothing.
   */
  async function updatedTotals(
    tx: Tx,
    userId: string,
    row: Row,
    input: { lines?: LineInput[] } & Discountable,
  ): Promise<Partial<Pick<Row, "subtotalCents" | "taxCents" | "totalCents">>> {
    const isDiscountChanged = input.discountKind !== undefined || input.discountValue !== undefined;
    if (!input.lines && !isDiscountChanged) return {};
    const discount = {
      discountKind: input.discountKind === undefined ? row.discountKind : input.discountKind,
      discountValue: input.discountValue ?? row.discountValue,
    };
    const lines = input.lines ?? copiedLines(lineDtos(await loadItems(tx, userId, row.id)));
    const { rows, totals } = lineRows(lines, discount);
    await tx.delete(items as Items).where(and(eq(documentId, row.id), eq(items.userId, userId)));
    await insertLines(tx, userId, row.id, rows);
    return totals;
  }

  return { own, loadOwn, lockDraft, deleteDraft, loadItems, insertWithLines, updatedTotals };
}
