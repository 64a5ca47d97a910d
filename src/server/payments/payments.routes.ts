import { confirmPaymentInput, localCardInput } from "@shared/schemas/payment";
import { Hono } from "hono";
import type { Auth } from "../auth/auth";
import { type AuthVariables, requireUser } from "../auth/session";
import { AppError } from "../errors";
import { valid } from "../http/validate";
import { logSecurityEvent } from "../modules/audit/audit.service";
import { hasPaid } from "../modules/profile/profile.service";
import { createRegistrationCheckout, findLocalSession } from "./checkout";
import { confirmCheckout } from "./confirm";
import { payLocalSession } from "./local-checkout";
import { handlePaymentWebhook } from "./webhook";

type Deps = Parameters<typeof handlePaymentWebhook>[0] & { auth: Auth };

/** POST /functions/v1/create-registration-payment → { url } (spec §7), session required. */
export function paymentFunctionRoutes(deps: Deps) {
  return new Hono<{ Variables: AuthVariables }>()
    .use("/create-registration-payment", requireUser(deps.auth, deps.db))
    .post("/create-registration-payment", async (c) => {
      const user = c.get("user");
      if (await hasPaid(deps.db, user.id))
        throw new AppError("conflict", "Votre inscription est déjà réglée.");
      const checkout = await createRegistrationCheckout(deps, user);
      await logSecurityEvent(deps.db, deps.logger, {
        userId: user.id,
        eventType: "payment_started",
        description: `Paiement d'inscription démarré (${deps.payments.mode})`,
      });
      return c.json(checkout);
    });
}

/** /api/payments/* and the local test checkout's API under /api/dev/stripe/*. */
export function paymentRoutes(deps: Deps) {
  const isLocal = deps.payments.mode === "local";
  const localOnly = () => {
    if (!isLocal) throw new AppError("not_found", "Le paiement de test local n'est pas disponible.");
  };
  return (
    new Hono<{ Variables: AuthVariables }>()
      // Stripe calls this without a session; the signature on the raw body is the authentication.
      .post("/payments/webhook", async (c) => {
        const outcome = await handlePaymentWebhook(
          deps,
          await c.req.text(),
          c.req.header("stripe-signature"),
        );
        return c.json(outcome);
      })
      .use("/payments/confirm", requireUser(deps.auth, deps.db))
      .post("/payments/confirm", valid(confirmPaymentInput), async (c) =>
        c.json(
          await confirmCheckout(deps, { userId: c.get("user").id, sessionId: c.req.valid("json").sessionId }),
        ),
      )
      .use("/dev/stripe/*", async (_c, next) => {
        localOnly();
        await next();
      })
      .use("/dev/stripe/*", requireUser(deps.auth, deps.db))
      .get("/dev/stripe/sessions/:id", async (c) => {
        const session = await findLocalSession(deps.db, {
          userId: c.get("user").id,
          sessionId: c.req.param("id"),
        });
        return c.json({
          id: session.checkoutSessionId,
          amountCents: session.amountCents,
          currency: session.currency,
          status: session.status,
          email: c.get("user").email,
        });
      })
      .post("/dev/stripe/sessions/:id/pay", valid(localCardInput), async (c) =>
        c.json(
          await payLocalSession(deps, {
            userId: c.get("user").id,
            sessionId: c.req.param("id"),
            card: c.req.valid("json"),
          }),
        ),
      )
  );
}
