import { randomBytes } from "node:crypto";
import type { PaymentSurplusDto } from "@shared/schemas/client-payments";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "../../db/client";
import { clientCheckoutSessions, clientPortalSettings, invoices } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../payments/provider";
import type { SecretBox } from "../../security/secret-box";
import { paymentAccountOf } from "./stripe-account.service";

type Deps = { db: Db; secrets: SecretBox; payments: PaymentProvider; logger: Logger };
type SessionRow = typeof clientCheckoutSessions.$inferSelect;

const SURPLUS_NOT_FOUND = "Paiement introuvable.";
const FROM_DASHBOARD = "remboursez ce montant depuis votre tableau de bord Stripe, puis indiquez-le ici.";
const NO_KEY = `Aucune clé Stripe n'est plus enregistrée : ${FROM_DASHBOARD}`;
const NO_PERMISSION = `Votre clé Stripe ne permet pas les remboursements (accès « Refunds » en écriture) : ${FROM_DASHBOARD}`;
const NO_PAYMENT_INTENT = `Stripe n'a pas indiqué le paiement à rembourser : ${FROM_DASHBOARD}`;
const REFUSED = `Stripe n'a pas effectué le remboursement : ${FROM_DASHBOARD}`;

export function surplusDto(row: SessionRow): PaymentSurplusDto {
  const appliedCents = row.appliedCents ?? 0;
  return {
    sessionId: row.id,
    paidAt: (row.paidAt ?? row.createdAt).toISOString(),
    paidCents: row.amountCents,
    appliedCents,
    surplusCents: row.surplusCents ?? 0,
    isDuplicate: appliedCents === 0,
    status: row.refundStatus ?? "pending",
    isTest: row.provider === "local",
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundError: row.refundStatus === "to_return" ? row.refundError : null,
  };
}

const ownSurplus = (userId: string, sessionId: string) =>
  and(
    eq(clientCheckoutSessions.id, sessionId),
    eq(clientCheckoutSessions.userId, userId),
    isNotNull(clientCheckoutSessions.surplusCents),
  );

async function loadSurplus(db: Db, userId: string, sessionId: string) {
  const found = await withTenant(db, userId, async (tx) => {
    const [session] = await tx.select().from(clientCheckoutSessions).where(ownSurplus(userId, sessionId));
    if (!session) return null;
    const [settings] = await tx
      .select()
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, userId));
    return { session, settings };
  });
  if (!found) throw new AppError("not_found", SURPLUS_NOT_FOUND);
  return found;
}

/**
 * Gives the client back what a session brought beyond what was due: a refund of that part of its payment
 * intent on the freelancer's Stripe account, under an idempotency key of the session so that a retry, a
 * webhook delivered twice or two instances never refund it twice. A local test session is refunded at
 * once (no card was charged). When Stripe refuses (a restricted key without Refunds, no key any more…),
 * the surplus stays as money to return, with the reason, on the invoice and in the notifications.
 */
export async function refundSurplus(
  deps: Deps,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<PaymentSurplusDto> {
  const { session, settings } = await loadSurplus(deps.db, userId, sessionId);
  if (session.refundStatus === "refunded" || session.refundStatus === "returned") return surplusDto(session);
  const surplusCents = session.surplusCents ?? 0;
  let outcome: { refundId: string } | { error: string };
  if (session.provider === "local") {
    outcome = { refundId: `re_local_${randomBytes(12).toString("hex")}` };
  } else {
    const account = paymentAccountOf(deps, settings);
    if (account.kind !== "stripe") outcome = { error: NO_KEY };
    else if (!session.paymentIntentId) outcome = { error: NO_PAYMENT_INTENT };
    else {
      try {
        const refund = await deps.payments.forAccount(account.secretKey).refunds.create(
          {
            payment_intent: session.paymentIntentId,
            amount: surplusCents,
            ...(session.appliedCents ? {} : { reason: "duplicate" as const }),
            metadata: { invoiceId: session.invoiceId, checkoutSessionId: session.id },
          },
          { idempotencyKey: `ardoise-surplus-refund-${session.id}` },
        );
        outcome =
          refund.status === "failed" || refund.status === "canceled"
            ? { error: REFUSED }
            : { refundId: refund.id };
      } catch (error) {
        deps.logger.warn({ err: error, userId }, "client payment: Stripe refused the surplus refund");
        outcome = { error: error instanceof Stripe.errors.StripePermissionError ? NO_PERMISSION : REFUSED };
      }
    }
  }
  const [row] = await withTenant(deps.db, userId, (tx) =>
    tx
      .update(clientCheckoutSessions)
      .set(
        "refundId" in outcome
          ? {
              refundStatus: "refunded",
              refundId: outcome.refundId,
              refundError: null,
              refundedAt: new Date(),
            }
          : { refundStatus: "to_return", refundError: outcome.error },
      )
      .where(
        and(
          ownSurplus(userId, sessionId),
          inArray(clientCheckoutSessions.refundStatus, ["pending", "to_return"]),
        ),
      )
      .returning(),
  );
  // Settled meanwhile by another call: its state is the one to show.
  return surplusDto(row ?? (await loadSurplus(deps.db, userId, sessionId)).session);
}

/** The freelancer gave the money back themselves (from Stripe, by transfer): it is no longer to return. */
export async function markSurplusReturned(
  db: Db,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<PaymentSurplusDto> {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .update(clientCheckoutSessions)
      .set({ refundStatus: "returned", refundedAt: new Date() })
      .where(
        and(
          ownSurplus(userId, sessionId),
          inArray(clientCheckoutSessions.refundStatus, ["pending", "to_return"]),
        ),
      )
      .returning(),
  );
  return surplusDto(row ?? (await loadSurplus(db, userId, sessionId)).session);
}

/** What clients paid online beyond what an invoice of one's own asked for (its detail page shows it). */
export async function listPaymentSurpluses(
  db: Db,
  { userId, invoiceId }: { userId: string; invoiceId: string },
): Promise<PaymentSurplusDto[]> {
  return withTenant(db, userId, async (tx) => {
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
    if (!invoice) throw new AppError("not_found", "Facture introuvable.");
    const rows = await tx
      .select()
      .from(clientCheckoutSessions)
      .where(
        and(
          eq(clientCheckoutSessions.userId, userId),
          eq(clientCheckoutSessions.invoiceId, invoiceId),
          isNotNull(clientCheckoutSessions.surplusCents),
        ),
      )
      .orderBy(asc(clientCheckoutSessions.paidAt));
    return rows.map(surplusDto);
  });
}
