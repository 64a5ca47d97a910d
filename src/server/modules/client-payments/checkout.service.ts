import { randomBytes } from "node:crypto";
import { amountDueCents } from "@shared/domain/totals";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clientCheckoutSessions, clientPortalSettings, invoices } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../payments/provider";
import type { SecretBox } from "../../security/secret-box";
import type { resolveLink } from "../client-links/share-links.service";
import { ONLINE_PAYMENT_NOT_CONFIGURED_MESSAGE, paymentAccountOf } from "./stripe-account.service";

export type LinkRow = Awaited<ReturnType<typeof resolveLink>>;
type Deps = { db: Db; secrets: SecretBox; payments: PaymentProvider; appUrl: string; logger: Logger };

export const CLIENT_PAYMENT_CURRENCY = "eur";
const PAYABLE = ["en-attente", "en-retard"];

/** Where the client comes back to: the public page, which says in French how the payment went. */
export const returnUrl = (appUrl: string, token: string, outcome: "reussi" | "annule") =>
  `${appUrl}/d/${token}?paiement=${outcome}`;

/**
 * Opens a Checkout Session for what remains due on the link's invoice, on the freelancer's own Stripe
 * account (or the local test checkout), and records it so the webhook pays only this session, this amount.
 */
export async function createInvoiceCheckout(
  deps: Deps,
  { link, token }: { link: LinkRow; token: string },
): Promise<{ url: string }> {
  const { db, appUrl } = deps;
  const invoiceId = link.invoiceId;
  if (!invoiceId) throw new AppError("conflict", "Un devis ne se paie pas en ligne : seule une facture.");
  const { invoice, settings } = await withTenant(db, link.userId, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, link.userId)));
    const [settings] = await tx
      .select()
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, link.userId));
    return { invoice, settings };
  });
  const dueCents = invoice ? amountDueCents(invoice) : 0;
  if (invoice?.kind !== "facture" || !PAYABLE.includes(invoice.status) || dueCents <= 0) {
    throw new AppError("conflict", "Cette facture n'a plus rien à régler.");
  }
  const account = paymentAccountOf(deps, settings);
  if (account.kind === "none") throw new AppError("not_configured", ONLINE_PAYMENT_NOT_CONFIGURED_MESSAGE);
  const record = (id: string, provider: "stripe" | "local") =>
    withTenant(db, link.userId, (tx) =>
      tx.insert(clientCheckoutSessions).values({
        id,
        userId: link.userId,
        invoiceId,
        linkId: link.id,
        provider,
        amountCents: dueCents,
        currency: CLIENT_PAYMENT_CURRENCY,
      }),
    );

  if (account.kind === "local") {
    const sessionId = `cs_local_${randomBytes(18).toString("base64url")}`;
    await record(sessionId, "local");
    return { url: `${appUrl}/d/${token}?paiement-test=${encodeURIComponent(sessionId)}` };
  }
  const metadata = { invoiceId, linkId: link.id };
  let session: { id: string; url: string | null };
  try {
    session = await deps.payments.forAccount(account.secretKey).checkout.sessions.create({
      mode: "payment",
      locale: "fr",
      client_reference_id: invoiceId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CLIENT_PAYMENT_CURRENCY,
            unit_amount: dueCents,
            product_data: { name: `Facture ${invoice.invoiceNumber ?? ""}`.trim() },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: returnUrl(appUrl, token, "reussi"),
      cancel_url: returnUrl(appUrl, token, "annule"),
    });
  } catch (error) {
    // The client cannot act on the freelancer's Stripe error; the freelancer sees it in the log.
    deps.logger.warn({ err: error, userId: link.userId }, "client checkout: Stripe refused the session");
    throw new AppError(
      "unavailable",
      "Le paiement en ligne est momentanément indisponible. Réessayez plus tard ou contactez votre prestataire.",
    );
  }
  if (!session.url) throw new AppError("unavailable", "Le paiement en ligne est momentanément indisponible.");
  await record(session.id, "stripe");
  return { url: session.url };
}
