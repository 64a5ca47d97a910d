import { parisToday } from "@shared/domain/dates";
import { defaultQuoteMessage, type QuoteDto, type SendQuoteInput } from "@shared/schemas/quotes";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessIdentities, clients } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Mailer } from "../../email/mailer";
import { quoteEmail } from "../../email/templates/quote-email";
import { AppError } from "../../errors";
import { getQuotePdf } from "./quote-pdf.service";
import { assertCanBeSent, getQuote, markQuoteSent } from "./quotes.service";

/**
 * "Envoyer par email" (issue 4): the quote's PDF attached to the freelancer's message (or the default one),
 * to the given address or the client's, through the e-mail layer (SMTP or the outbox). A draft becomes
 * envoyé; a sent or accepted quote is sent again. The quote is marked only once the e-mail has left, so a
 * failed delivery leaves a draft a draft.
 */
export async function sendQuote(
  { db, mailer }: { db: Db; mailer: Mailer },
  { userId, id, input, now = new Date() }: { userId: string; id: string; input: SendQuoteInput; now?: Date },
): Promise<QuoteDto> {
  const quote = await getQuote(db, { userId, id, now });
  assertCanBeSent(quote, parisToday(now));
  const { client, identity } = await withTenant(db, userId, async (tx) => {
    const [[client], [identity]] = await Promise.all([
      quote.clientId
        ? tx
            .select({ name: clients.name, contactName: clients.contactName, email: clients.email })
            .from(clients)
            .where(and(eq(clients.id, quote.clientId), eq(clients.userId, userId)))
        : Promise.resolve([]),
      tx
        .select({ companyName: businessIdentities.companyName, legalName: businessIdentities.legalName })
        .from(businessIdentities)
        .where(eq(businessIdentities.userId, userId)),
    ]);
    return { client, identity };
  });
  const recipient = input.to ?? client?.email;
  if (!recipient) {
    throw new AppError(
      "validation_failed",
      "Ce client n'a pas d'adresse e-mail : indiquez un destinataire.",
      [{ path: "to", message: "Indiquez l'adresse du destinataire." }],
    );
  }
  // Rendered as sent: the client must not receive a copy stamped "Brouillon". Throws the French 400
  // naming Paramètres when the seller has no identity yet.
  const pdf = await getQuotePdf(db, { userId, id, asSent: true });
  const sellerName = identity?.companyName || identity?.legalName || "";
  await mailer.send({
    to: recipient,
    userId,
    ...quoteEmail({
      quoteNumber: quote.quoteNumber,
      sellerName,
      // Greeted by name only when the e-mail goes to the client's own address.
      recipientName: client && recipient === client.email ? client.contactName : null,
      totalCents: quote.totalCents,
      validUntil: quote.validUntil,
      message: input.message ?? defaultQuoteMessage(quote, sellerName),
    }),
    attachments: [
      { filename: pdf.filename, contentType: "application/pdf", content: Buffer.from(pdf.bytes) },
    ],
  });
  return markQuoteSent(db, { userId, id, now });
}
