import {
  type ConfirmSupplierInvoiceData,
  type EinvoiceStatusEventDto,
  type InboxItemDto,
  statusEventOf,
} from "@shared/schemas/einvoicing";
import type { ExpenseDto } from "@shared/schemas/expenses";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  businessIdentities,
  einvoiceInbox,
  einvoiceStatusEvents,
  files,
  invoices,
} from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { deleteFile, readFile } from "../../storage/file-storage";
import { getInvoicePdf } from "../invoices/invoice-pdf.service";
import { expenseFromInvoice, previewSupplierInvoice, storeInvoiceFile } from "./import.service";
import type { EinvoicingPlatform, StatusReport } from "./platform";
import { readSupplierInvoice } from "./supplier-invoice";

const INVOICE_NOT_FOUND = "Facture introuvable.";
const INBOX_NOT_FOUND = "Facture reçue introuvable.";

async function recordStatuses(
  db: Db,
  {
    userId,
    invoiceId,
    platform,
    flowId,
    reports,
  }: { userId: string; invoiceId: string; platform: string; flowId: string; reports: StatusReport[] },
) {
  if (reports.length === 0) return;
  await withTenant(db, userId, (tx) =>
    tx
      .insert(einvoiceStatusEvents)
      .values(reports.map((report) => ({ userId, invoiceId, platform, flowId, ...report }))),
  );
}

async function events(db: Db, userId: string, invoiceId: string) {
  return withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(einvoiceStatusEvents)
      .where(and(eq(einvoiceStatusEvents.invoiceId, invoiceId), eq(einvoiceStatusEvents.userId, userId)))
      .orderBy(asc(einvoiceStatusEvents.occurredAt), asc(einvoiceStatusEvents.createdAt)),
  );
}

const toDto = (rows: Awaited<ReturnType<typeof events>>): EinvoiceStatusEventDto[] =>
  rows.map((row) =>
    statusEventOf({
      status: row.status,
      platform: row.platform,
      message: row.message,
      occurredAt: row.occurredAt.toISOString(),
    }),
  );

/**
 * Deposits an issued invoice's Factur-X PDF on the platform. Once deposited it is not sent again unless
 * the platform rejected it (213: a malformed flow, which the user may correct by a credit note and resend).
 */
export async function sendInvoice(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, invoiceId }: { userId: string; invoiceId: string },
): Promise<EinvoiceStatusEventDto[]> {
  const [invoice] = await withTenant(db, userId, (tx) =>
    tx
      .select({
        status: invoices.status,
        number: invoices.invoiceNumber,
        seller: invoices.seller,
        buyer: invoices.buyer,
      })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId))),
  );
  if (!invoice) throw new AppError("not_found", INVOICE_NOT_FOUND);
  if (invoice.status === "brouillon" || !invoice.number)
    throw new AppError("conflict", "Émettez la facture avant de l'envoyer à la plateforme.");
  const latest = (await events(db, userId, invoiceId)).at(-1);
  if (latest && latest.status !== "rejetee")
    throw new AppError("conflict", "Cette facture a déjà été déposée sur la plateforme.");
  const pdf = await getInvoicePdf(db, { userId, id: invoiceId });
  const { flowId, report } = await platform.send({
    invoiceNumber: invoice.number,
    sellerSiren: invoice.seller?.siren ?? null,
    buyerSiren: invoice.buyer?.siren ?? null,
    fileName: pdf.filename,
    bytes: pdf.bytes,
  });
  await recordStatuses(db, { userId, invoiceId, platform: platform.name, flowId, reports: [report] });
  return toDto(await events(db, userId, invoiceId));
}

/** The invoice's lifecycle, after asking the platform for statuses not yet recorded (one per status and flow). */
export async function invoiceStatuses(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, invoiceId }: { userId: string; invoiceId: string },
): Promise<EinvoiceStatusEventDto[]> {
  const [invoice] = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId))),
  );
  if (!invoice) throw new AppError("not_found", INVOICE_NOT_FOUND);
  const known = await events(db, userId, invoiceId);
  const flowId = known.findLast((row) => row.platform === platform.name)?.flowId;
  if (!flowId) return toDto(known);
  const recorded = new Set(known.filter((row) => row.flowId === flowId).map((row) => row.status));
  const fresh = (await platform.statuses(flowId)).filter((report) => !recorded.has(report.status));
  await recordStatuses(db, { userId, invoiceId, platform: platform.name, flowId, reports: fresh });
  return fresh.length > 0 ? toDto(await events(db, userId, invoiceId)) : toDto(known);
}

/**
 * Takes the supplier invoices the platform holds for the user's SIREN into the inbox. A file that is not a
 * readable e-invoice stays on the platform side and is logged; a readable one is stored (kept 10 years).
 */
export async function pullInbox(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, logger }: { userId: string; logger: Logger },
): Promise<void> {
  const [identity] = await withTenant(db, userId, (tx) =>
    tx
      .select({ siren: businessIdentities.siren })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId)),
  );
  if (!identity?.siren) return;
  for (const flow of await platform.receive(identity.siren)) {
    const invoice = await readSupplierInvoice(flow.bytes).catch((error: unknown) => {
      logger.warn({ flowId: flow.flowId, error: (error as Error).message }, "received e-invoice refused");
      return null;
    });
    if (!invoice) continue;
    const saved = await storeInvoiceFile(db, { userId, invoice, name: flow.fileName, bytes: flow.bytes });
    await withTenant(db, userId, (tx) =>
      tx
        .insert(einvoiceInbox)
        .values({ userId, fileId: saved.id, platform: platform.name, flowId: flow.flowId }),
    );
    await platform.acknowledge(identity.siren, flow.flowId);
  }
}

/** The received invoices waiting for confirmation, each with the expense it would become (or why not). */
export async function listInbox(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, logger }: { userId: string; logger: Logger },
): Promise<(InboxItemDto | (Omit<InboxItemDto, "invoice" | "draft"> & { error: string }))[]> {
  await pullInbox(db, platform, { userId, logger });
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({
        id: einvoiceInbox.id,
        fileId: einvoiceInbox.fileId,
        fileName: files.name,
        receivedAt: einvoiceInbox.receivedAt,
      })
      .from(einvoiceInbox)
      .innerJoin(files, and(eq(files.id, einvoiceInbox.fileId), eq(files.userId, userId)))
      .where(eq(einvoiceInbox.userId, userId))
      .orderBy(desc(einvoiceInbox.receivedAt)),
  );
  return Promise.all(
    rows.map(async ({ fileId, ...row }) => {
      const item = { ...row, receivedAt: row.receivedAt.toISOString() };
      const { bytes } = await readFile(db, { userId, id: fileId });
      return previewSupplierInvoice(db, { userId, bytes }).then(
        (preview) => ({ ...item, ...preview }),
        (error: Error) => ({ ...item, error: error.message }),
      );
    }),
  );
}

async function inboxRow(db: Db, userId: string, id: string) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(einvoiceInbox)
      .where(and(eq(einvoiceInbox.id, id), eq(einvoiceInbox.userId, userId))),
  );
  if (!row) throw new AppError("not_found", INBOX_NOT_FOUND);
  return row;
}

/** The user confirmed a received invoice: its stored file becomes the expense's receipt. */
export async function confirmInboxItem(
  db: Db,
  { userId, id, input }: { userId: string; id: string; input: ConfirmSupplierInvoiceData },
): Promise<ExpenseDto> {
  const row = await inboxRow(db, userId, id);
  const { bytes } = await readFile(db, { userId, id: row.fileId });
  const preview = await previewSupplierInvoice(db, { userId, bytes });
  const expense = await expenseFromInvoice(db, { userId, preview, fileId: row.fileId, input });
  await withTenant(db, userId, (tx) =>
    tx.delete(einvoiceInbox).where(and(eq(einvoiceInbox.id, id), eq(einvoiceInbox.userId, userId))),
  );
  return expense;
}

/** The user refused a received invoice: it leaves the inbox with its file. */
export async function dismissInboxItem(db: Db, { userId, id }: { userId: string; id: string }) {
  const row = await inboxRow(db, userId, id);
  await deleteFile(db, { userId, id: row.fileId });
}
