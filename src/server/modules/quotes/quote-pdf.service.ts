import { addDays, DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/domain/dates";
import { paymentTermsMention, vatMention } from "@shared/domain/legal-identity";
import { computeTotals } from "@shared/domain/totals";
import { DEFAULT_QUOTE_VALIDITY_DAYS } from "@shared/schemas/quotes";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessIdentities, clients, quoteItems, quotes } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { type PrintableQuote, renderQuotePdf } from "../../pdf/quote-pdf";
import { readFile } from "../../storage/file-storage";
import { buyerOf, sellerOf } from "../invoices/invoices.service";
import { QUOTE_NOT_FOUND } from "./quotes.service";

const EMBEDDABLE_LOGO_TYPES = new Set(["image/png", "image/jpeg"]);

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
    const [lines, [seller], [buyer]] = await Promise.all([
      tx
        .select()
        .from(quoteItems)
        .where(and(eq(quoteItems.quoteId, id), eq(quoteItems.userId, userId)))
        .orderBy(asc(quoteItems.position)),
      tx.select().from(businessIdentities).where(eq(businessIdentities.userId, userId)),
      quote.clientId
        ? tx
            .select()
            .from(clients)
            .where(and(eq(clients.id, quote.clientId), eq(clients.userId, userId)))
        : Promise.resolve([]),
    ]);
    return { row: quote, items: lines, identity: seller, client: buyer };
  });

  if (!identity) {
    throw new AppError("validation_failed", "Renseignez votre identité dans Paramètres pour générer le PDF.");
  }
  const seller = sellerOf(identity);
  // buyerOf reads only the client name of the document it is given.
  const buyer = buyerOf({ clientName: row.clientName } as Parameters<typeof buyerOf>[0], client);
  const logo = identity.logoFileId
    ? await readFile(db, { userId, id: identity.logoFileId }).catch(() => null)
    : null;
  const { byRate } = computeTotals(items);
  const printable: PrintableQuote = {
    number: row.quoteNumber ?? "",
    isDraft: row.status === "brouillon" && !asSent,
    date: row.date,
    validUntil: row.validUntil ?? addDays(row.date, DEFAULT_QUOTE_VALIDITY_DAYS),
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
      ),
    ].filter((mention): mention is string => Boolean(mention)),
    footer: identity.invoiceFooter,
    logo: logo && EMBEDDABLE_LOGO_TYPES.has(logo.mimeType) ? logo.bytes : null,
  };
  return { filename: `Devis-${printable.number}.pdf`, bytes: await renderQuotePdf(printable) };
}
