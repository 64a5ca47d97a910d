import { randomBytes } from "node:crypto";
import { registrationOffer } from "@shared/offer";
import { and, count, eq, gt, min } from "drizzle-orm";
import { lockKey } from "../db/advisory-lock";
import type { Db } from "../db/client";
import { registrationPayments } from "../db/schema/index";
import { AppError } from "../errors";
import { REGISTRATION_AMOUNT_CENTS, REGISTRATION_CURRENCY } from "./fulfilment";
import type { PaymentProvider } from "./provider";

type Deps = { db: Db; payments: PaymentProvider; appUrl: string };

/**
 * Checkout sessions one user may open per hour. The payment page retries a failed creation up to 3 times
 * (spec §9), so a few clicks stay well inside; more is a loop or abuse, each a Stripe API call.
 */
export const CHECKOUTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
type Buyer = { id: string; email: string };

/** Production without Stripe nor ALLOW_LOCAL_PAYMENTS: who reads it can only pass it on to the operator. */
export const REGISTRATION_PAYMENT_NOT_CONFIGURED_MESSAGE =
  "Le paiement de l'inscription n'est pas encore configuré sur ce serveur : son administrateur doit définir STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (ou ALLOW_LOCAL_PAYMENTS=true pour un paiement de test). Aucun montant n'a été débité.";

/** Creates the one-time 59 € Checkout Session (Stripe, or the local test checkout) and returns its URL. */
export async function createRegistrationCheckout(
  { db, payments, appUrl }: Deps,
  buyer: Buyer,
): Promise<{ url: string }> {
  if (payments.mode === "disabled")
    throw new AppError("not_configured", REGISTRATION_PAYMENT_NOT_CONFIGURED_MESSAGE);
  if (payments.mode === "local") {
    const sessionId = `cs_local_${randomBytes(18).toString("base64url")}`;
    await reserveCheckout(db, buyer.id, sessionId, "local");
    return { url: `${appUrl}/dev/stripe?session=${encodeURIComponent(sessionId)}` };
  }
  // Reserved under a provisional id before Stripe is called, so parallel requests count against the cap;
  // the row takes Stripe's id once the session exists, and is given back if Stripe fails.
  const reservedId = `cs_reserved_${randomBytes(18).toString("base64url")}`;
  await reserveCheckout(db, buyer.id, reservedId, "stripe");
  const isReserved = eq(registrationPayments.checkoutSessionId, reservedId);
  try {
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
    await db.update(registrationPayments).set({ checkoutSessionId: session.id }).where(isReserved);
    return { url: session.url };
  } catch (error) {
    await db.delete(registrationPayments).where(isReserved);
    throw error;
  }
}

/** Records a pending checkout for the user unless CHECKOUTS_PER_HOUR were opened in the last hour (429). */
async function reserveCheckout(
  db: Db,
  userId: string,
  checkoutSessionId: string,
  provider: "stripe" | "local",
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKey(tx, `checkout:${userId}`);
    const now = Date.now();
    const [recent] = await tx
      .select({ opened: count(), oldest: min(registrationPayments.createdAt) })
      .from(registrationPayments)
      .where(
        and(
          eq(registrationPayments.userId, userId),
          gt(registrationPayments.createdAt, new Date(now - HOUR_MS)),
        ),
      );
    if (recent?.oldest && recent.opened >= CHECKOUTS_PER_HOUR) {
      const minutes = Math.max(1, Math.ceil((recent.oldest.getTime() + HOUR_MS - now) / 60_000));
      throw new AppError(
        "rate_limited",
        `Trop de paiements commencés en une heure. Réessayez dans ${minutes} minute${minutes > 1 ? "s" : ""}.`,
      );
    }
    await tx.insert(registrationPayments).values({
      userId,
      checkoutSessionId,
      provider,
      amountCents: REGISTRATION_AMOUNT_CENTS,
      currency: REGISTRATION_CURRENCY,
    });
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
