import { and, eq } from "drizzle-orm";
import { clientCheckoutSessions } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { assertTestCardAccepted, signedLocalCompletion } from "../../payments/local-checkout";
import { type createInvoiceCheckout, type LinkRow, returnUrl } from "./checkout.service";
import { ensureSettings } from "./stripe-account.service";
import { handleClientPaymentWebhook } from "./webhook.service";

type Deps = Parameters<typeof createInvoiceCheckout>[0];

/**
 * Pays a local test checkout of a client (no Stripe key, never in production): the card decides as
 * Stripe's test cards do, then a signed `checkout.session.completed` goes to the freelancer's own webhook,
 * the path a real Stripe event takes.
 */
export async function payTestCheckout(
  deps: Deps,
  {
    link,
    token,
    sessionId,
    cardNumber,
  }: { link: LinkRow; token: string; sessionId: string; cardNumber: string },
): Promise<{ redirectUrl: string }> {
  const [session] = await withTenant(deps.db, link.userId, (tx) =>
    tx
      .select()
      .from(clientCheckoutSessions)
      .where(
        and(
          eq(clientCheckoutSessions.id, sessionId),
          eq(clientCheckoutSessions.userId, link.userId),
          eq(clientCheckoutSessions.linkId, link.id),
          eq(clientCheckoutSessions.provider, "local"),
        ),
      ),
  );
  if (!session || !deps.payments.isLocalAllowed) {
    throw new AppError("not_found", "Session de paiement introuvable.");
  }
  const redirectUrl = returnUrl("", token, "reussi");
  if (session.paidAt) return { redirectUrl };
  // As on Stripe: a session replaced by a newer « Payer » (or past its time) can no longer be paid.
  if (session.status !== "open" || (session.expiresAt && session.expiresAt <= new Date())) {
    throw new AppError(
      "conflict",
      "Cette session de paiement a expiré : revenez à la facture et cliquez à nouveau sur « Payer ».",
    );
  }
  assertTestCardAccepted(cardNumber);
  const settings = await ensureSettings(deps.db, link.userId);
  const { payload, signature } = signedLocalCompletion(deps.payments, {
    id: session.id,
    client_reference_id: session.invoiceId,
    amount_total: session.amountCents,
    currency: session.currency,
    metadata: { invoiceId: session.invoiceId, linkId: link.id },
  });
  await handleClientPaymentWebhook(deps, {
    endpointId: settings.webhookEndpointId,
    rawBody: payload,
    signature,
  });
  return { redirectUrl };
}
