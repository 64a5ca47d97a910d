import { registrationOffer } from "@shared/offer";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles, registrationPayments, user } from "../db/schema/index";
import type { Mailer } from "../email/mailer";
import { paymentConfirmedEmail } from "../email/templates/payment-confirmed";
import type { Logger } from "../logger";
import { logSecurityEvent } from "../modules/audit/audit.service";
import { defaultProfileName } from "../modules/profile/profile.service";
import { issueRegistrationInvoice } from "./registration-invoice";

export const REGISTRATION_AMOUNT_CENTS = registrationOffer.priceCents;
export const REGISTRATION_CURRENCY = "eur";

/** The fields of a Stripe Checkout Session that fulfilment relies on (real or local checkout). */
export type CheckoutSessionFacts = {
  id: string;
  client_reference_id: string | null;
  amount_total: number | null;
  currency: string | null;
  payment_status: string;
};

export type FulfilmentResult =
  | { status: "fulfilled"; userId: string }
  | { status: "already_fulfilled"; userId: string }
  | { status: "pending" }
  | { status: "rejected"; reason: string };

type Deps = {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  appUrl: string;
  /** The operator's identity, seller on the registration invoice. */
  env: Parameters<typeof issueRegistrationInvoice>[1]["env"];
};

/**
 * Marks the registration paid, once, for a Checkout Session that is paid, for exactly 59,00 € EUR, and that
 * was created for that user (client_reference_id and our own record must agree). Safe to call for every
 * event and from /payment-success: a second call for the same session changes nothing.
 */
export async function fulfilCheckoutSession(
  deps: Deps,
  session: CheckoutSessionFacts,
): Promise<FulfilmentResult> {
  const { db, logger } = deps;
  const reject = async (reason: string): Promise<FulfilmentResult> => {
    await logSecurityEvent(db, logger, {
      userId: null,
      eventType: "payment_rejected",
      description: `Paiement refusé : ${reason}`,
      resource: session.id,
      metadata: { clientReferenceId: session.client_reference_id },
    });
    return { status: "rejected", reason };
  };

  if (session.payment_status !== "paid") return { status: "pending" };
  if (session.amount_total !== REGISTRATION_AMOUNT_CENTS)
    return reject(`montant ${session.amount_total} au lieu de 5900`);
  if (session.currency?.toLowerCase() !== REGISTRATION_CURRENCY) return reject(`devise ${session.currency}`);
  const userId = session.client_reference_id;
  if (!userId) return reject("aucun utilisateur");

  const result = await db.transaction(async (tx): Promise<FulfilmentResult> => {
    const [payment] = await tx
      .select()
      .from(registrationPayments)
      .where(eq(registrationPayments.checkoutSessionId, session.id))
      .for("update");
    if (!payment || payment.userId !== userId)
      return { status: "rejected", reason: "session inconnue pour cet utilisateur" };
    if (payment.status === "paid") return { status: "already_fulfilled", userId };
    const paidAt = new Date();
    await tx
      .update(registrationPayments)
      .set({ status: "paid", paidAt })
      .where(and(eq(registrationPayments.id, payment.id), eq(registrationPayments.userId, userId)));
    // Upsert: a profile is normally created at first sign-in, but paying must never depend on it.
    const [owner] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    await tx
      .insert(profiles)
      .values({
        id: userId,
        email: owner?.email ?? "",
        name: defaultProfileName({ id: userId, email: owner?.email ?? "", name: owner?.name }),
        subscriptionStatus: "active",
      })
      .onConflictDoUpdate({ target: profiles.id, set: { subscriptionStatus: "active" } });
    // In the same transaction: a payment is never recorded without its invoice, nor a number used twice.
    await issueRegistrationInvoice(tx, {
      env: deps.env,
      userId,
      checkoutSessionId: session.id,
      isTestPayment: payment.provider === "local",
      paidAt,
    });
    return { status: "fulfilled", userId };
  });
  if (result.status === "rejected") return reject(result.reason);
  if (result.status === "fulfilled") {
    await logSecurityEvent(db, logger, {
      userId,
      eventType: "payment_completed",
      description: "Inscription réglée (59,00 €)",
      resource: session.id,
    });
    await sendReceipt(deps, userId);
  }
  return result;
}

async function sendReceipt({ db, logger, mailer, appUrl }: Deps, userId: string) {
  const [owner] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  if (!owner) return;
  await mailer
    .send({
      to: owner.email,
      userId,
      ...paymentConfirmedEmail({ name: owner.name, appUrl, amountCents: REGISTRATION_AMOUNT_CENTS }),
    })
    .catch((error: unknown) => logger.warn({ err: error, userId }, "payment receipt e-mail failed"));
}
