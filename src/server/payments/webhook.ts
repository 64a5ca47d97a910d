import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { paymentEvents } from "../db/schema/index";
import { AppError } from "../errors";
import { type CheckoutSessionFacts, type FulfilmentResult, fulfilCheckoutSession } from "./fulfilment";
import type { PaymentProvider } from "./provider";

// Stripe's own default: an event older than 5 minutes is a replay.
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const FULFILLING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

type Deps = Parameters<typeof fulfilCheckoutSession>[0] & { payments: PaymentProvider };

export type WebhookOutcome = { received: true; duplicate: boolean; result?: FulfilmentResult["status"] };

/**
 * The Stripe webhook (and the local checkout's): verify the signature on the raw body, record the event
 * once by id, then fulfil. Events may come twice or out of order: only a paid, matching session
 * fulfils, and fulfilment is idempotent by checkout session.
 */
export async function handlePaymentWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = await verifyStripeEvent(
    deps.payments.stripe,
    rawBody,
    signature,
    deps.payments.webhookSecret,
  );

  const session = FULFILLING_EVENTS.has(event.type)
    ? (event.data.object as Stripe.Checkout.Session)
    : undefined;
  const inserted = await deps.db
    .insert(paymentEvents)
    .values({
      id: event.id,
      type: event.type,
      checkoutSessionId: session?.id ?? null,
      userId: session?.client_reference_id ?? null,
      amountCents: session?.amount_total ?? null,
      currency: session?.currency ?? null,
      payload: event as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  if (inserted.length === 0) return { received: true, duplicate: true };
  if (!session) return { received: true, duplicate: false };

  const result = await fulfilCheckoutSession(deps, sessionFacts(session));
  await deps.db.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.id, event.id));
  return { received: true, duplicate: false, result: result.status };
}

/**
 * Checks a webhook's Stripe signature on the raw body with the endpoint's secret and returns its event;
 * used by the registration's webhook and by each freelancer's (client payments).
 */
export async function verifyStripeEvent(
  stripe: Stripe,
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Promise<Stripe.Event> {
  if (!signature) throw new AppError("bad_request", "Signature Stripe manquante.");
  try {
    // The SDK refuses events older than the tolerance but accepts any date in the future; a signature
    // dated ahead is refused too, so a leaked one cannot be kept for later.
    const signedAt = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1]);
    if (!(signedAt <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)) throw new Error("signed in the future");
    return await stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError(
      "bad_request",
      "Signature Stripe invalide, ou événement daté de plus de 5 minutes d'écart.",
    );
  }
}

export function sessionFacts(
  session: Pick<Stripe.Checkout.Session, keyof CheckoutSessionFacts>,
): CheckoutSessionFacts {
  const { id, client_reference_id, amount_total, currency, payment_status } = session;
  return { id, client_reference_id, amount_total, currency, payment_status };
}
