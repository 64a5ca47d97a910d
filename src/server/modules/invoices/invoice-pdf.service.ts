import {
  invoiceMentions,
  paymentTermsMention,
  RECOVERY_INDEMNITY_MENTION,
  vatMention,
} from "@shared/domain/legal-identity";
import { computeTotals } from "@shared/domain/totals";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoiceItems, invoices } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { type PrintableInvoice, renderInvoicePdf } from "../../pdf/invoice-pdf";
import { readFile, saveFile } from "../../storage/file-storage";
import { embeddableLogo, identityAndClient } from "../documents/pdf-sources";
import { buyerOf, sellerOf } from "./invoices.service";

export type InvoicePdf = { filename: string; bytes: Uint8Array; isStored: boolean };

/**
 * The PDF of an invoice or credit note. An issued document's PDF is rendered once, stored through the
 * storage interface, and served unchanged afterwards (pdf_url, pdf_generated_at); a draft is rendered on
 * each request from the live identity, marked as a draft.
 */
export async function getInvoicePdf(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<InvoicePdf> {
  const { row, items, identity, client, credited } = await withTenant(db, userId, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
    if (!invoice) throw new AppError("not_found", "Facture introuvable.");
    const [lines, parties, [creditedInvoice]] = await Promise.all([
      tx
        .select()
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, id), eq(invoiceItems.userId, userId)))
        .orderBy(asc(invoiceItems.position)),
      identityAndClient(tx, userId, invoice.clientId),
      invoice.creditedInvoiceId
        ? tx
            .select({ number: invoices.invoiceNumber })
            .from(invoices)
            .where(and(eq(invoices.id, invoice.creditedInvoiceId), eq(invoices.userId, userId)))
        : Promise.resolve([]),
    ]);
    return { row: invoice, items: lines, ...parties, credited: creditedInvoice };
  });

  const label = row.kind === "avoir" ? "Avoir" : "Facture";
  const filename = `${label}-${row.invoiceNumber ?? "brouillon"}.pdf`;
  if (row.pdfFileId) {
    const stored = await readFile(db, { userId, id: row.pdfFileId });
    return { filename, bytes: stored.bytes, isStored: true };
  }

  const seller = row.seller ?? (identity ? sellerOf(identity) : undefined);
  if (!seller) {
    throw new AppError("validation_failed", "Renseignez votre identité dans Paramètres pour générer le PDF.");
  }
  const buyer = row.buyer ?? buyerOf(row, client);
  const terms = row.paymentTerms ?? paymentTermsMention(identity?.paymentTermsDays);
  const mentions = [
    vatMention(seller),
    terms,
    ...invoiceMentions({ ...seller, paymentTermsDays: null }).slice(vatMention(seller) ? 1 : 0),
  ].filter(
    (mention): mention is string =>
      Boolean(mention) && (buyer.isBusiness || mention !== RECOVERY_INDEMNITY_MENTION),
  );
  const logo = await embeddableLogo(db, userId, identity?.logoFileId);
  // Per-rate VAT from the shared domain, the same computation as the stored totals (negative for an avoir).
  const { byRate } = computeTotals(items);

  const printable: PrintableInvoice = {
    kind: row.kind,
    number: row.invoiceNumber,
    date: row.date,
    serviceDate: row.serviceDate,
    dueDate: row.dueDate,
    seller,
    buyer,
    lines: items,
    byRate,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    paidCents: row.kind === "avoir" ? 0 : row.paidCents,
    notes: row.notes,
    mentions,
    footer: identity?.invoiceFooter ?? null,
    creditedNumber: credited?.number ?? null,
    logo,
  };
  const bytes = await renderInvoicePdf(printable);
  if (row.status === "brouillon") return { filename, bytes, isStored: false };

  const file = await saveFile(db, {
    userId,
    name: filename,
    mimeType: "application/pdf",
    bytes,
    kind: "pdf",
  });
  await withTenant(db, userId, (tx) =>
    tx
      .update(invoices)
      .set({ pdfFileId: file.id, pdfUrl: `/api/invoices/${id}/pdf`, pdfGeneratedAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId), isNull(invoices.pdfFileId))),
  );
  return { filename, bytes, isStored: true };
}
