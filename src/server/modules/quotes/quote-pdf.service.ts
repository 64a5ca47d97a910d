import { addDays, DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/domain/dates";
import { paymentTermsMention, vatMention } from "@shared/domain/legal-identity";
import { computeTotals } from "@shared/domain/totals";
import { DEFAULT_QUOTE_VALIDITY_DAYS } from "@shared/schemas/quotes";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { quoteItems, quotes } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { type PrintableQuote, renderQuotePdf } from "../../pdf/quote-pdf";
import { embeddableLogo, identityAndClient } from "../documents/pdf-sources";
import { buyerOf, sellerOf } from "../invoices/invoices.service";
import { QUOTE_NOT_FOUND } from "./quotes.service";

/**
 * The PDF of a quote, rendered on each request from the seller's identity and the client as they are
 * today (a quote freezes nothing: it is not an invoice). A draft carries a watermark, unless it is
 * rendered `asSent`: the copy e-mailed as the draft is being sent.
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
  const seller = sellerOf(identity);
  // buyerOf reads only the client name of the document it is given.
  const buyer = buyerOf({ clientName: row.clientName } as Parameters<typeof buyerOf>[0], client);
  const logo = await embeddableLogo(db, userId, identity.logoFileId);
  const { byRate } = computeTotals(items, row);
  const printable: PrintableQuote = {
    number: row.quoteNumber ?? "",
    isDraft: row.status === "brouillon" && !asSent,
    date: row.date,
    validUntil: row.validUntil ?? addDays(row.date, DEFAULT_QUOTE_VALIDITY_DAYS),
    startDate: row.startDate,
    estimatedDuration: row.estimatedDuration,
    feeCents: row.feeCents,
    seller,
    buyer,
    lines: items,
    byRate,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    notes: row.notes,
    terms: row.terms,
    mentions: [
      vatMention(seller),
      paymentTermsMention(
        client?.paymentTermsDays ?? identity.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
        "devis",
      ),
    ].filter((mention): mention is string => Boolean(mention)),
    footer: identity.invoiceFooter,
    logo,
  };
  return { filename: `Devis-${printable.number}.pdf`, bytes: await renderQuotePdf(printable) };
}
