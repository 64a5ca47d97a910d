import { payTestCheckoutInput, stripeAccountInput } from "@shared/schemas/client-links";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import { AppError } from "../../errors";
import { uuidParam, valid } from "../../http/validate";
import { resolveLink } from "../client-links/share-links.service";
import { createInvoiceCheckout } from "./checkout.service";
import { payTestCheckout } from "./local-checkout.service";
import { listPaymentSurpluses, markSurplusReturned, refundSurplus } from "./refund-surplus.service";
import { getStripeAccount, removeStripeAccount, saveStripeAccount } from "./stripe-account.service";
import { handleClientPaymentWebhook } from "./webhook.service";

type Deps = Parameters<typeof createInvoiceCheckout>[0];

/** /api/client-payments: the freelancer's own Stripe account, behind the 401/402 guard. */
export function clientPaymentRoutes(deps: Deps) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/stripe", async (c) => c.json(await getStripeAccount(deps, { userId: c.get("user").id })))
      .put("/stripe", valid(stripeAccountInput), async (c) =>
        c.json(await saveStripeAccount(deps, { userId: c.get("user").id, input: c.req.valid("json") })),
      )
      .delete("/stripe", async (c) => c.json(await removeStripeAccount(deps, { userId: c.get("user").id })))
      .use("/invoices/:id/*", uuidParam("Facture introuvable."))
      .get("/invoices/:id/surpluses", async (c) =>
        c.json(
          await listPaymentSurpluses(deps.db, { userId: c.get("user").id, invoiceId: c.req.param("id") }),
        ),
      )
      .use("/surpluses/:sessionId/*", async (c, next) => {
        if (!SESSION_ID.test(c.req.param("sessionId") ?? ""))
          throw new AppError("not_found", "Paiement introuvable.");
        await next();
      })
      // Asks Stripe again (after giving the key the Refunds permission, say); the same refund is never made twice.
      .post("/surpluses/:sessionId/refund", async (c) =>
        c.json(await refundSurplus(deps, { userId: c.get("user").id, sessionId: c.req.param("sessionId") })),
      )
      .post("/surpluses/:sessionId/returned", async (c) =>
        c.json(
          await markSurplusReturned(deps.db, {
            userId: c.get("user").id,
            sessionId: c.req.param("sessionId"),
          }),
        ),
      )
  );
}

/** A Checkout Session id as Stripe and the local test checkout make them. */
const SESSION_ID = /^cs_[A-Za-z0-9_-]{1,200}$/;

/**
 * The client's « Payer » under /api/public/links/:token (mounted after the link routes, whose per-address
 * rate limit and noindex cover these paths too): the token is the credential.
 */
export function publicCheckoutRoutes(deps: Deps) {
  return new Hono()
    .post("/:token/checkout", async (c) => {
      const token = c.req.param("token");
      return c.json(await createInvoiceCheckout(deps, { link: await resolveLink(deps.db, token), token }));
    })
    .post("/:token/checkout/:sessionId/pay-test", valid(payTestCheckoutInput), async (c) => {
      const token = c.req.param("token");
      return c.json(
        await payTestCheckout(deps, {
          link: await resolveLink(deps.db, token),
          token,
          sessionId: c.req.param("sessionId"),
          cardNumber: c.req.valid("json").cardNumber,
        }),
      );
    });
}

/** /api/public/stripe/webhook/:endpointId: Stripe calls it without a session; the signature authenticates. */
export function clientWebhookRoutes(deps: Deps) {
  return new Hono().post("/:endpointId", async (c) =>
    c.json(
      await handleClientPaymentWebhook(deps, {
        endpointId: c.req.param("endpointId"),
        rawBody: await c.req.text(),
        signature: c.req.header("stripe-signature"),
      }),
    ),
  );
}
