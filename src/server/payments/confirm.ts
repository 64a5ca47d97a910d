import { AppError } from "../errors";
import { hasPaid } from "../modules/profile/profile.service";
import { findLocalSession } from "./checkout";
import { fulfilCheckoutSession } from "./fulfilment";
import type { handlePaymentWebhook } from "./webhook";
import { sessionFacts } from "./webhook";

type Deps = Parameters<typeof handlePaymentWebhook>[0];

/**
 * /payment-success asks the server to confirm the session itself, so access opens even if the webhook is
 * late: Stripe is asked for the session (local sessions are read from our records), then the same
 * idempotent fulfilment runs.
 */
export async function confirmCheckout(
  deps: Deps,
  { userId, sessionId }: { userId: string; sessionId: string },
) {
  if (deps.payments.mode === "local") {
    await findLocalSession(deps.db, { userId, sessionId });
  } else if (deps.payments.mode === "stripe") {
    const session = await deps.payments.stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
    if (!session || session.client_reference_id !== userId)
      throw new AppError("not_found", "Session de paiement introuvable.");
    await fulfilCheckoutSession(deps, sessionFacts(session));
  }
  return { hasPaid: await hasPaid(deps.db, userId) };
}
