import { invoiceStatusLabel } from "@shared/domain/invoice-status";
import { vatMention } from "@shared/domain/legal-identity";
import { computeTotals } from "@shared/domain/totals";
import type { PublicDocumentDto, PublicQuoteDecisionDto } from "@shared/schemas/client-links";
import { quoteStatusLabels } from "@shared/schemas/quotes";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  clientPortalSettings,
  type clientShareLinks,
  type InvoiceBuyer,
  type InvoiceSeller,
  invoices,
  quoteDecisions,
  quotes,
} from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { PaymentProvider } from "../../payments/provider";
import type { SecretBox } from "../../security/secret-box";
import { paymentAccountOf } from "../client-payments/stripe-account.service";
import { buyerOf, sellerOf } from "../documents/parties";
import { identityAndClient } from "../documents/pdf-sources";
import { getInvoicePdf } from "../invoices/invoice-pdf.service";
import { getInvoice } from "../invoices/invoices.service";
import { getQuote } from "../quotes/quotes.service";
import { LINK_NOT_FOUND, linkQueueOwner, publicDecisionDto } from "./share-links.service";

type LinkRow = typeof clientShareLinks.$inferSelect;

const present = (line: string | null | undefined): line is string => Boolean(line);

function addressLines(address: InvoiceSeller["address"]): string[] {
  const city = [address.postalCode, address.city].filter(present).join(" ");
  return [address.line1, address.line2, city, address.country !== "FR" ? address.country : null].filter(
    present,
  );
}

function sellerParty(seller: InvoiceSeller) {
  return {
    name: seller.legalName,
    email: seller.email,
    lines: [
      seller.companyName,
      ...addressLines(seller.address),
      seller.siret ? `SIRET ${seller.siret}` : seller.siren ? `SIREN ${seller.siren}` : null,
      seller.vatNumber ? `N° TVA ${seller.vatNumber}` : null,
    ].filter(present),
  };
}

function buyerParty(buyer: InvoiceBuyer) {
  return {
    name: buyer.company ?? buyer.name,
    lines: [
      buyer.company ? (buyer.contactName ?? buyer.name) : buyer.contactName,
      ...addressLines(buyer.address),
      buyer.siret ? `SIRET ${buyer.siret}` : null,
    ].filter(present),
  };
}

/**
 * What the client sees through a link: the document as its owner's services give it (status as of today),
 * the parties, totals per VAT rate and legal mentions, the decision taken on a quote, and whether it can
 * still be accepted. Nothing else of the account leaves.
 */
export async function getPublicDocument(
  deps: { db: Db; secrets: SecretBox; payments: PaymentProvider },
  { link, now = new Date() }: { link: LinkRow; now?: Date },
): Promise<PublicDocumentDto> {
  const { db } = deps;
  const userId = link.userId;
  const common = { expiresAt: link.expiresAt.toISOString(), notes: null as string | null };
  if (link.quoteId) {
    const quote = await getQuote(db, { userId, id: link.quoteId, now });
    const { identity, client, decision } = await withTenant(db, userId, async (tx) => {
      const parties = await identityAndClient(tx, userId, quote.clientId);
      const [row] = await tx
        .select()
        .from(quoteDecisions)
        .where(and(eq(quoteDecisions.quoteId, quote.id), eq(quoteDecisions.userId, userId)));
      return { ...parties, decision: row };
    });
    if (!identity) throw new AppError("not_found", LINK_NOT_FOUND);
    const seller = sellerOf(identity);
    const buyer = buyerOf({ clientName: quote.clientName } as Parameters<typeof buyerOf>[0], client);
    const decisionView: PublicQuoteDecisionDto | null = decision ? publicDecisionDto(decision) : null;
    return {
      ...common,
      kind: "quote",
      number: quote.quoteNumber,
      title: `Devis ${quote.quoteNumber}`,
      date: quote.date,
      deadline: quote.validUntil,
      status: quote.status,
      statusLabel: quoteStatusLabels[quote.status],
      seller: sellerParty(seller),
      buyer: buyerParty(buyer),
      lines: quote.lines,
      byRate: computeTotals(quote.lines, quote).byRate,
      subtotalCents: quote.subtotalCents,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      isFranchise: seller.vatRegime === "franchise",
      dueCents: null,
      mentions: [vatMention(seller)].filter(present),
      notes: [quote.notes, quote.terms].filter(present).join("\n\n") || null,
      pdfSha256: link.quotePdfSha256,
      canDecide: quote.status === "envoyé" && !decisionView,
      canPayOnline: false,
      isPaid: false,
      decision: decisionView,
    };
  }
  const invoice = await getInvoice(db, { userId, id: link.invoiceId as string, now });
  const { frozen, settings } = await withTenant(db, userId, async (tx) => {
    const [[frozen], [settings]] = await Promise.all([
      tx
        .select({ seller: invoices.seller, buyer: invoices.buyer })
        .from(invoices)
        .where(and(eq(invoices.id, invoice.id), eq(invoices.userId, userId))),
      tx.select().from(clientPortalSettings).where(eq(clientPortalSettings.userId, userId)),
    ]);
    return { frozen, settings };
  });
  if (!frozen?.seller || !frozen.buyer) throw new AppError("not_found", LINK_NOT_FOUND);
  const { dueCents } = invoice;
  const isPayable = invoice.kind === "facture" && ["en-attente", "en-retard"].includes(invoice.status);
  return {
    ...common,
    kind: "invoice",
    number: invoice.invoiceNumber ?? "",
    title: `${invoice.kind === "avoir" ? "Avoir" : "Facture"} ${invoice.invoiceNumber ?? ""}`,
    date: invoice.date,
    deadline: invoice.dueDate,
    status: invoice.status,
    statusLabel: invoiceStatusLabel(invoice),
    seller: sellerParty(frozen.seller),
    buyer: buyerParty(frozen.buyer),
    lines: invoice.lines,
    byRate: computeTotals(invoice.lines, invoice).byRate,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    isFranchise: frozen.seller.vatRegime === "franchise",
    dueCents: isPayable ? dueCents : 0,
    // « Payer » only where the checkout would open: in production, a freelancer without a Stripe key of
    // their own has no way to be paid online.
    canPayOnline: isPayable && dueCents > 0 && paymentAccountOf(deps, settings).kind !== "none",
    isPaid: invoice.kind === "facture" && invoice.status === "payée",
    mentions: [vatMention(frozen.seller), invoice.paymentTerms].filter(present),
    notes: invoice.notes,
    pdfSha256: null,
    canDecide: false,
    decision: null,
  };
}

/** The PDF behind a link: a quote's as it was rendered for the link, an invoice's as stored at issue. */
export async function getPublicPdf(db: Db, link: LinkRow): Promise<{ filename: string; bytes: Uint8Array }> {
  if (link.quoteId) {
    const [quote] = await withTenant(db, link.userId, (tx) =>
      tx
        .select({ number: quotes.quoteNumber })
        .from(quotes)
        .where(and(eq(quotes.id, link.quoteId as string), eq(quotes.userId, link.userId))),
    );
    if (!link.quotePdf) throw new AppError("not_found", LINK_NOT_FOUND);
    return { filename: `Devis-${quote?.number ?? ""}.pdf`, bytes: link.quotePdf };
  }
  return getInvoicePdf(db, {
    userId: link.userId,
    id: link.invoiceId as string,
    queueOwner: linkQueueOwner(link),
  });
}
