import { buildCommercialDocument } from "@shared/domain/commercial-document";
import { addDays, DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/domain/dates";
import { paymentTermsMention } from "@shared/domain/legal-identity";
import { DEFAULT_OPERATION_NATURE } from "@shared/domain/operation-nature";
import { DEFAULT_QUOTE_VALIDITY_DAYS } from "@shared/schemas/quotes";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { quoteItems, quotes } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { workerPool } from "../../workers/pool";
import { buyerOf, sellerOf } from "../documents/parties";
import { embeddableLogo, identityAndClient } from "../documents/pdf-sources";
import { QUOTE_NOT_FOUND } from "./quotes.service";

/**
 * The PDF of a quote, rendered on each request from the seller's identity and the client as they are
 * today (a quote freezes nothing: it is not an invoice), by the invoices' renderer and model. A draft
 * carries a watermark, unless it is rendered `asSent`: the copy e-mailed as the draft is being sent.
 */
export async function getQuotePdf(
  db: Db,
  { userId, id, asSent = false }: { userId: string; id: string; asSent?: boolean },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const { row, items, identity, client } = await withTenant(db, userId, async (tx) => {
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, id), eq(quotes.userId, userId)));
    if (!quote) throw new AppError("not_found", QUOTE_NOT_FOUND);
    const [lines, parties] = await Promise.all([
      tx
        .select()
        .from(quoteItems)
        .where(and(eq(quoteItems.quoteId, id), eq(quoteItems.userId, userId)))
        .orderBy(asc(quoteItems.position)),
      identityAndClient(tx, userId, quote.clientId),
    ]);
    return { row: quote, items: lines, ...parties };
  });

  if (!identity) {
    throw new AppError("validation_failed", "Renseignez votre identité dans Paramètres pour générer le PDF.");
  }
  const number = row.quoteNumber ?? "";
  const document = buildCommercialDocument({
    kind: "facture",
    number,
    date: row.date,
    serviceDate: null,
    serviceEndDate: null,
    dueDate: null,
    seller: sellerOf(identity),
    buyer: buyerOf(row, client),
    lines: items,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    paidCents: 0,
    // The terms of the invoice that will follow the quote's acceptance.
    paymentTerms: paymentTermsMention(
      client?.paymentTermsDays ?? identity.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
      "devis",
    ),
    notes: row.notes,
    precedingInvoice: null,
    operationNature: identity.operationNature ?? DEFAULT_OPERATION_NATURE,
    vatExemption: null,
    deliveryAddress: null,
  });
  const extras = {
    footer: identity.invoiceFooter,
    logo: await embeddableLogo(db, userId, identity.logoFileId),
    quote: {
      validUntil: row.validUntil ?? addDays(row.date, DEFAULT_QUOTE_VALIDITY_DAYS),
      startDate: row.startDate,
      estimatedDuration: row.estimatedDuration,
      depositPercentBp: row.depositPercentBp,
      feeCents: row.feeCents,
      terms: row.terms,
      isDraft: row.status === "brouillon" && !asSent,
    },
  };
  const bytes = await workerPool().run(
    "renderCommercialDocumentPdf",
    { document, extras },
    { owner: userId },
  );
  return { filename: `Devis-${number}.pdf`, bytes };
}
