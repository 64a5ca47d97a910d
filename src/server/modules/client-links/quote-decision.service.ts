import { formatDate, formatParisDateTime } from "@shared/format";
import {
  ACCEPTANCE_CONSENT_TEXT,
  type AcceptQuoteInput,
  type PublicQuoteDecisionDto,
  type RefuseQuoteInput,
} from "@shared/schemas/client-links";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type clientShareLinks, quoteDecisions, quotes, user } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Mailer } from "../../email/mailer";
import { quoteDecisionEmail } from "../../email/templates/quote-decision";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { workerPool } from "../../workers/pool";
import { buyerOf, sellerOf } from "../documents/parties";
import { identityAndClient } from "../documents/pdf-sources";
import { convertQuote, QUOTE_NOT_FOUND, transitionQuote } from "../quotes/quotes.service";
import { isAutoConvertOnAcceptance } from "./portal-settings.service";
import { LINK_NOT_FOUND, publicDecisionDto } from "./share-links.service";

type LinkRow = typeof clientShareLinks.$inferSelect;
type Deps = { db: Db; mailer: Mailer; logger: Logger; appUrl: string };
/** Where the decision came from, as the server saw the request. */
export type Signer = { ipAddress: string | null; userAgent: string | null };

type Decision =
  | { decision: "accepted"; input: AcceptQuoteInput }
  | { decision: "refused"; input: RefuseQuoteInput };

/**
 * The client's "Bon pour accord" (or refusal) through a quote link. The decision is recorded with its audit
 * trail and the quote changes status through the quotes service's own transition, in one transaction: an
 * expired or already answered quote keeps no trace of the attempt. Only the PDF the link serves can be
 * signed: a page showing another fingerprint is told to reload. Then the freelancer is told by e-mail (and
 * the bell), and the quote becomes an invoice draft if they chose so.
 */
export async function decideQuote(
  deps: Deps,
  { link, signer, choice, now = new Date() }: { link: LinkRow; signer: Signer; choice: Decision; now?: Date },
): Promise<PublicQuoteDecisionDto> {
  const { db } = deps;
  const { userId, quoteId } = link;
  if (!quoteId || !link.quotePdfSha256) throw new AppError("not_found", LINK_NOT_FOUND);
  if (choice.input.pdfSha256 !== link.quotePdfSha256) {
    throw new AppError(
      "conflict",
      "Ce devis a changé depuis l'ouverture de la page : rechargez-la avant de répondre.",
    );
  }
  const { row, quote } = await withTenant(db, userId, async (tx) => {
    const [existing] = await tx
      .select({ id: quoteDecisions.id })
      .from(quoteDecisions)
      .where(and(eq(quoteDecisions.quoteId, quoteId), eq(quoteDecisions.userId, userId)));
    if (existing) throw new AppError("conflict", "Une réponse a déjà été donnée à ce devis.");
    const [inserted] = await tx
      .insert(quoteDecisions)
      .values({
        userId,
        quoteId,
        linkId: link.id,
        decision: choice.decision,
        signerName: choice.input.signerName,
        hasConsented: choice.decision === "accepted" && choice.input.consent,
        reason: choice.decision === "refused" ? choice.input.reason : null,
        ipAddress: signer.ipAddress,
        userAgent: signer.userAgent?.slice(0, 500) ?? null,
        pdfSha256: link.quotePdfSha256 as string,
        decidedAt: now,
      })
      .returning();
    // The quotes service's transition (and whatever it triggers) is the one way a quote changes status.
    const quote = await transitionQuote(tx, {
      userId,
      id: quoteId,
      to: choice.decision === "accepted" ? "accept" : "refuse",
      now,
    });
    return { row: inserted as typeof quoteDecisions.$inferSelect, quote };
  });

  let hasInvoiceDraft = false;
  if (choice.decision === "accepted" && (await isAutoConvertOnAcceptance(db, { userId }))) {
    hasInvoiceDraft = await convertQuote(db, { userId, id: quoteId, now }).then(
      () => true,
      (error: unknown) => {
        deps.logger.warn({ err: error, quoteId }, "automatic conversion of an accepted quote failed");
        return false;
      },
    );
  }
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (owner) {
    await deps.mailer
      .send({
        to: owner.email,
        userId,
        ...quoteDecisionEmail({
          decision: choice.decision,
          quoteId,
          quoteNumber: quote.quoteNumber,
          clientName: quote.clientName,
          totalCents: quote.totalCents,
          signerName: row.signerName,
          reason: row.reason,
          decidedAt: row.decidedAt.toISOString(),
          hasInvoiceDraft,
          appUrl: deps.appUrl,
        }),
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, quoteId }, "quote decision e-mail failed"));
  }
  // The answer goes to whoever holds the link: the address and browser are kept, not shown.
  return publicDecisionDto(row);
}

/**
 * The acceptance certificate of a quote accepted online (404 when it was not). The freelancer's copy (`owner`)
 * prints the signer's IP address and browser; the one downloaded through the link (`link`) says they are
 * kept by the freelancer, as anyone the link was forwarded to could read it.
 */
export async function getAcceptanceCertificate(
  db: Db,
  {
    userId,
    quoteId,
    audience,
    queueOwner = userId,
  }: {
    userId: string;
    quoteId: string;
    audience: "owner" | "link";
    /** Whose turn the render takes in the worker pool's fair queue: the user's, or a client link's. */
    queueOwner?: string;
  },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const { quote, decision, identity, client } = await withTenant(db, userId, async (tx) => {
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
    if (!quote) throw new AppError("not_found", QUOTE_NOT_FOUND);
    const [decision] = await tx
      .select()
      .from(quoteDecisions)
      .where(and(eq(quoteDecisions.quoteId, quoteId), eq(quoteDecisions.userId, userId)));
    return { quote, decision, ...(await identityAndClient(tx, userId, quote.clientId)) };
  });
  if (decision?.decision !== "accepted" || !identity) {
    throw new AppError("not_found", "Ce devis n'a pas été accepté en ligne : aucun certificat.");
  }
  const number = quote.quoteNumber ?? "";
  const bytes = await workerPool().run(
    "renderAcceptanceCertificatePdf",
    {
      quoteNumber: number,
      quoteDate: formatDate(quote.date),
      totalCents: quote.totalCents,
      seller: sellerOf(identity),
      buyer: buyerOf(quote as unknown as Parameters<typeof buyerOf>[0], client),
      signerName: decision.signerName,
      hasConsented: decision.hasConsented,
      decidedAtLabel: formatParisDateTime(decision.decidedAt.toISOString()),
      decidedAtIso: decision.decidedAt.toISOString(),
      evidence:
        audience === "owner" ? { ipAddress: decision.ipAddress, userAgent: decision.userAgent } : null,
      pdfSha256: decision.pdfSha256,
      consentText: ACCEPTANCE_CONSENT_TEXT,
    },
    { owner: queueOwner },
  );
  return { filename: `Certificat-acceptation-${number}.pdf`, bytes };
}
