import { buildCommercialDocument } from "@shared/domain/commercial-document";
import { retentionEnd } from "@shared/domain/einvoicing";
import { paymentTermsMention } from "@shared/domain/legal-identity";
import { DEFAULT_OPERATION_NATURE } from "@shared/domain/operation-nature";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoiceItems, invoices } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { facturxXml } from "../../facturx/cii";
import { isFacturx } from "../../facturx/pdfa";
import { readFile, saveFile } from "../../storage/file-storage";
import { workerPool } from "../../workers/pool";
import { buyerOf, sellerOf } from "../documents/parties";
import { embeddableLogo, identityAndClient } from "../documents/pdf-sources";

export type InvoicePdf = { filename: string; bytes: Uint8Array; isStored: boolean };

/**
 * The PDF of an invoice or credit note. An issued document's PDF is a Factur-X invoice rendered once from
 * its frozen data, stored through the storage interface, and served unchanged afterwards (pdf_url,
 * pdf_generated_at); a draft is rendered on each request from the live identity, marked as a draft. A PDF
 * stored before Factur-X is rendered again from the same frozen data and replaces it (decision 012).
 */
export async function getInvoicePdf(
  db: Db,
  {
    userId,
    id,
    now = new Date(),
    queueOwner = userId,
  }: {
    userId: string;
    id: string;
    now?: Date;
    /** Whose turn the render takes in the worker pool's fair queue: the user's, or a client link's. */
    queueOwner?: string;
  },
): Promise<InvoicePdf> {
  const { row, items, identity, client, credited, deposits } = await withTenant(db, userId, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
    if (!invoice) throw new AppError("not_found", "Facture introuvable.");
    const [lines, parties, [creditedInvoice], deducted] = await Promise.all([
      tx
        .select()
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, id), eq(invoiceItems.userId, userId)))
        .orderBy(asc(invoiceItems.position)),
      identityAndClient(tx, userId, invoice.clientId),
      invoice.creditedInvoiceId
        ? tx
            .select({ number: invoices.invoiceNumber, date: invoices.date })
            .from(invoices)
            .where(and(eq(invoices.id, invoice.creditedInvoiceId), eq(invoices.userId, userId)))
        : Promise.resolve([]),
      // The deposit invoices a final invoice deducts.
      tx
        .select({ number: invoices.invoiceNumber, date: invoices.date, totalCents: invoices.totalCents })
        .from(invoices)
        .where(and(eq(invoices.finalInvoiceId, id), eq(invoices.userId, userId)))
        .orderBy(asc(invoices.date), asc(invoices.invoiceNumber)),
    ]);
    return { row: invoice, items: lines, ...parties, credited: creditedInvoice, deposits: deducted };
  });

  const label = row.kind === "avoir" ? "Avoir" : row.isDeposit ? "Facture-acompte" : "Facture";
  const filename = `${label}-${row.invoiceNumber ?? "brouillon"}.pdf`;
  if (row.pdfFileId) {
    const stored = await readFile(db, { userId, id: row.pdfFileId });
    if (isFacturx(stored.bytes)) return { filename, bytes: stored.bytes, isStored: true };
  }

  const seller = row.seller ?? (identity ? sellerOf(identity) : undefined);
  if (!seller) {
    throw new AppError("validation_failed", "Renseignez votre identité dans Paramètres pour générer le PDF.");
  }
  const document = buildCommercialDocument({
    kind: row.kind,
    number: row.invoiceNumber,
    date: row.date,
    serviceDate: row.serviceDate,
    serviceEndDate: row.serviceEndDate,
    dueDate: row.dueDate,
    seller,
    buyer: row.buyer ?? buyerOf(row, client),
    lines: items,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    isDeposit: row.isDeposit,
    deposits: deposits.map((deposit) => ({ ...deposit, number: deposit.number ?? "" })),
    // The copy is frozen at issue (issue 28), whenever it is first rendered: payments all come after the
    // issue, so none is printed as « déjà réglé »; deposits a final invoice deducts are listed apart.
    paidCents: 0,
    paymentTerms: row.paymentTerms ?? paymentTermsMention(identity?.paymentTermsDays),
    notes: row.notes,
    precedingInvoice: credited?.number ? { number: credited.number, date: credited.date } : null,
    // Frozen at issue; a draft shows the seller's current default.
    operationNature: row.operationNature ?? identity?.operationNature ?? DEFAULT_OPERATION_NATURE,
    vatExemption: row.vatExemption,
    deliveryAddress: row.deliveryAddress,
  });
  const isDraft = row.status === "brouillon";
  const extras = {
    footer: identity?.invoiceFooter ?? null,
    logo: await embeddableLogo(db, userId, identity?.logoFileId),
    facturx: isDraft ? undefined : { xml: facturxXml(document), issuedAt: row.issuedAt ?? now },
  };
  const bytes = await workerPool().run(
    "renderCommercialDocumentPdf",
    { document, extras },
    { owner: queueOwner },
  );
  if (isDraft) return { filename, bytes, isStored: false };

  const file = await saveFile(db, {
    userId,
    name: filename,
    mimeType: "application/pdf",
    bytes,
    kind: "pdf",
    retainUntil: retentionEnd(row.date),
  });
  await withTenant(db, userId, (tx) =>
    tx
      .update(invoices)
      .set({ pdfFileId: file.id, pdfUrl: `/api/invoices/${id}/pdf`, pdfGeneratedAt: now })
      .where(
        and(
          eq(invoices.id, id),
          eq(invoices.userId, userId),
          row.pdfFileId ? eq(invoices.pdfFileId, row.pdfFileId) : isNull(invoices.pdfFileId),
        ),
      ),
  );
  return { filename, bytes, isStored: true };
}
