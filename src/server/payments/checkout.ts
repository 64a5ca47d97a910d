import { randomBytes } from "node:crypto";
import { registrationOffer } from "@shared/offer";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { registrationPayments } from "../db/schema/index";
import { AppError } from "../errors";
import { REGISTRATION_AMOUNT_CENTS, REGISTRATION_CURRENCY } from "./fulfilment";
import type { PaymentProvider } from "./provider";

type Deps = { db: Db; payments: PaymentProvider; appUrl: string };
type Buyer = { id: string; email: string };

/** Creates the one-time 59 € Checkout Session (Stripe, or the local test checkout) and returns its URL. */
export async function createRegistrationCheckout(
  { db, payments, appUrl }: Deps,
  buyer: Buyer,
): Promise<{ url: string }> {
  if (payments.mode === "disabled") {
    throw new AppError(
      "unavailable",
      "Le paiement en ligne n'est pas encore configuré. Contactez le support.",
    );
  }
  if (payments.mode === "local") {
    const sessionId = `cs_local_${randomBytes(18).toString("base64url")}`;
    await recordPending(db, buyer.id, sessionId, "local");
    return { url: `${appUrl}/dev/stripe?session=${encodeURIComponent(sessionId)}` };
  }
  const session = await payments.stripe.checkout.sessions.create({
    mode: "payment",
    client_reference_id: buyer.id,
    customer_email: buyer.email,
    locale: "fr",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: REGISTRATION_CURRENCY,
          unit_amount: REGISTRATION_AMOUNT_CENTS,
          product_data: { name: `${registrationOffer.label} — inscription unique` },
        },
      },
    ],
    metadata: { userId: buyer.id, offer: registrationOffer.id },
    success_url: `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/payment-canceled`,
  });
  if (!session.url) throw new AppError("unavailable", "URL de paiement non reçue");
  await recordPending(db, buyer.id, session.id, "stripe");
  return { url: session.url };
}

async function recordPending(
  db: Db,
  userId: string,
  checkoutSessionId: string,
  provider: "stripe" | "local",
) {
  await db.insert(registrationPayments).values({
    userId,
    checkoutSessionId,
    provider,
    amountCents: REGISTRATION_AMOUNT_CENTS,
    currency: REGISTRATION_CURRENCY,
  });
}

/** A local checkout session of this user, for the /dev/stripe page (404 for anyone else's). */
export async function findLocalSession(db: Db, { userId, sessionId }: { userId: string; sessionId: string }) {
  const [row] = await db
    .select()
    .from(registrationPayments)
    .where(
      and(
        eq(registrationPayments.checkoutSessionId, sessionId),
        eq(registrationPayments.userId, userId),
        eq(registrationPayments.provider, "local"),
      ),
    );
  if (!row) throw new AppError("not_found", "Session de paiement introuvable.");
  return row;
}
