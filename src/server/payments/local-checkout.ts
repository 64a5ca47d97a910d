import { randomBytes } from "node:crypto";
import type { localCardInput } from "@shared/schemas/payment";
import type { z } from "zod";
import { AppError } from "../errors";
import { findLocalSession } from "./checkout";
import { REGISTRATION_AMOUNT_CENTS, REGISTRATION_CURRENCY } from "./fulfilment";
import type { PaymentProvider } from "./provider";
import { handlePaymentWebhook } from "./webhook";

// Stripe's documented test cards: the same numbers behave the same way in both checkouts.
export const TEST_CARD_SUCCESS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

type Deps = Parameters<typeof handlePaymentWebhook>[0];

/** A declined test card fails as Stripe's would; any card but the two test numbers is refused. */
export function assertTestCardAccepted(cardNumber: string): void {
  if (cardNumber === TEST_CARD_DECLINED) {
    throw new AppError(
      "card_declined",
      "Votre carte a été refusée. Aucun montant n'a été débité : essayez une autre carte.",
    );
  }
  if (cardNumber !== TEST_CARD_SUCCESS) {
    throw new AppError(
      "validation_failed",
      "Carte de test non reconnue : utilisez 4242 4242 4242 4242 (acceptée) ou 4000 0000 0000 0002 (refusée).",
    );
  }
}

/**
 * A paid `checkout.session.completed` event as Stripe would send it, signed with the local secret: what a
 * local test checkout hands to its webhook (the registration's, or a freelancer's for client payments).
 */
export function signedLocalCompletion(
  payments: Pick<PaymentProvider, "stripe" | "localWebhookSecret">,
  session: {
    id: string;
    client_reference_id: string;
    amount_total: number;
    currency: string;
    metadata?: Record<string, string>;
  },
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_local_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        ...session,
      },
    },
  });
  const signature = payments.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: payments.localWebhookSecret,
  });
  return { payload, signature };
}

/**
 * Pays a local checkout session: a declined card fails as Stripe's would; an accepted one produces a
 * signed `checkout.session.completed` event handed to the very webhook handler Stripe events go through.
 */
export async function payLocalSession(
  deps: Deps,
  { userId, sessionId, card }: { userId: string; sessionId: string; card: z.output<typeof localCardInput> },
): Promise<{ redirectUrl: string }> {
  const session = await findLocalSession(deps.db, { userId, sessionId });
  const redirectUrl = `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
  if (session.status === "paid") return { redirectUrl };
  assertTestCardAccepted(card.cardNumber);
  const { payload, signature } = signedLocalCompletion(deps.payments, {
    id: sessionId,
    client_reference_id: userId,
    amount_total: REGISTRATION_AMOUNT_CENTS,
    currency: REGISTRATION_CURRENCY,
  });
  await handlePaymentWebhook(deps, payload, signature);
  return { redirectUrl };
}
