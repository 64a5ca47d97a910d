import { amountDueCents } from "@shared/domain/totals";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import {
  clientCheckoutSessions,
  clientPaymentEvents,
  clientPortalSettings,
  invoices,
} from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../payments/provider";
import { verifyStripeEvent } from "../../payments/webhook";
import type { SecretBox } from "../../security/secret-box";
import { recordPayment } from "../invoices/invoices.service";
import { refundSurplus } from "./refund-surplus.service";
import { paymentAccountOf } from "./stripe-account.service";

type Deps = { db: Db; secrets: SecretBox; payments: PaymentProvider; logger: Logger };

const PAYING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

export type ClientPaymentResult =
  | "recorded"
  | "already_paid"
  | "unpaid"
  | "unknown_session"
  | "amount_mismatch"
  /** Some or all of it was not due (paid twice, or more than due): refunded through Stripe. */
  | "surplus_refunded"
  /** The same, but Stripe refused the refund: shown to the freelancer as money to return. */
  | "surplus_to_return"
  | "ignored";

export type ClientWebhookOutcome = { received: true; duplicate: boolean; result?: ClientPaymentResult };

const NOT_FOUND = "Point de réception inconnu.";

/**
 * A freelancer's Stripe webhook (and the local test checkout's): the endpoint id in the URL names the
 * account, whose own signing secret must have signed the raw body (300 s tolerance). Each event counts
 * once (its id is the key of client_payment_events); only a paid session we opened, for its exact amount
 * and currency, records a payment, through the invoices service so partial payments, the paid status
 * and the payment.received / invoice.paid events follow the one set of rules. What the session brought
 * beyond what was still due is refunded through Stripe, or shown as money to return.
 */
export async function handleClientPaymentWebhook(
  deps: Deps,
  { endpointId, rawBody, signature }: { endpointId: string; rawBody: string; signature: string | undefined },
): Promise<ClientWebhookOutcome> {
  if (!/^[0-9a-f-]{36}$/i.test(endpointId)) throw new AppError("not_found", NOT_FOUND);
  // No session here: the endpoint id leads to the user, then everything runs as that tenant.
  const [settings] = await deps.db
    .select()
    .from(clientPortalSettings)
    .where(eq(clientPortalSettings.webhookEndpointId, endpointId));
  if (!settings) throw new AppError("not_found", NOT_FOUND);
  const account = paymentAccountOf(deps, settings);
  if (account.kind === "none") throw new AppError("not_found", NOT_FOUND);
  const event = await verifyStripeEvent(deps.payments.stripe, rawBody, signature, account.webhookSecret);
  const userId = settings.userId;

  const session = PAYING_EVENTS.has(event.type) ? (event.data.object as Stripe.Checkout.Session) : undefined;
  const inserted = await withTenant(deps.db, userId, (tx) =>
    tx
      .insert(clientPaymentEvents)
      .values({
        id: event.id,
        userId,
        type: event.type,
        checkoutSessionId: session?.id ?? null,
        payload: event as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing({ target: clientPaymentEvents.id })
      .returning({ id: clientPaymentEvents.id }),
  );
  if (inserted.length === 0) return { received: true, duplicate: true };

  let result: ClientPaymentResult;
  try {
    result = session ? await paySession(deps, userId, session) : "ignored";
  } catch (error) {
    // Unexpected failure: forget the event so Stripe's next delivery tries again.
    await withTenant(deps.db, userId, (tx) =>
      tx.delete(clientPaymentEvents).where(eq(clientPaymentEvents.id, event.id)),
    );
    throw error;
  }
  await withTenant(deps.db, userId, (tx) =>
    tx.update(clientPaymentEvents).set({ result }).where(eq(clientPaymentEvents.id, event.id)),
  );
  return { received: true, duplicate: false, result };
}

async function paySession(deps: Deps, userId: string, session: Stripe.Checkout.Session) {
  if (session.payment_status !== "paid") return "unpaid";
  const ownSession = and(
    eq(clientCheckoutSessions.id, session.id),
    eq(clientCheckoutSessions.userId, userId),
  );
  const [row] = await withTenant(deps.db, userId, (tx) =>
    tx.select().from(clientCheckoutSessions).where(ownSession),
  );
  if (!row) return "unknown_session";
  if (session.amount_total !== row.amountCents || session.currency?.toLowerCase() !== row.currency) {
    return "amount_mismatch";
  }
  const paymentIntent = session.payment_intent;
  const paymentIntentId = typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? null);
  // One transaction: an unexpected failure leaves neither the claim nor the payment, and Stripe retries.
  const surplusCents = await withTenant(deps.db, userId, async (tx) => {
    // Claimed first, so a second event for the same session (completed, then async success) pays nothing.
    const claimed = await tx
      .update(clientCheckoutSessions)
      .set({ paidAt: new Date(), status: "complete", paymentIntentId })
      .where(and(ownSession, isNull(clientCheckoutSessions.paidAt)))
      .returning({ id: clientCheckoutSessions.id });
    if (claimed.length === 0) return null;
    // Under the invoice's lock, what is due now: two sessions paid at once cannot both count in full.
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, row.invoiceId), eq(invoices.userId, userId)))
      .for("update");
    const isPayable = invoice?.kind === "facture" && ["en-attente", "en-retard"].includes(invoice.status);
    const appliedCents = isPayable ? Math.min(row.amountCents, Math.max(0, amountDueCents(invoice))) : 0;
    if (appliedCents > 0) {
      await recordPayment(tx, {
        userId,
        id: row.invoiceId,
        input: {
          amountCents: appliedCents,
          method: row.provider === "stripe" ? "stripe" : "carte",
          reference: session.id,
        },
      });
    }
    // Beyond what was due (paid twice, or the amount due went down after the session opened): the client
    // gets it back, never silently kept (decision 016).
    const surplus = row.amountCents - appliedCents;
    await tx
      .update(clientCheckoutSessions)
      .set({
        appliedCents,
        ...(surplus > 0 ? { surplusCents: surplus, refundStatus: "pending" as const } : {}),
      })
      .where(ownSession);
    return surplus;
  });
  if (surplusCents === null) {
    // Paid before, its refund not made (the refund's step failed, Stripe delivered again): try it now. The
    // refund's idempotency key makes a second try safe.
    if (row.refundStatus !== "pending") return "already_paid";
    const refund = await refundSurplus(deps, { userId, sessionId: session.id });
    return refund.status === "refunded" ? "surplus_refunded" : "surplus_to_return";
  }
  if (surplusCents === 0) return "recorded";
  const refund = await refundSurplus(deps, { userId, sessionId: session.id });
  return refund.status === "refunded" ? "surplus_refunded" : "surplus_to_return";
}
