import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { Env } from "../env";

/**
 * How the 59 € registration is paid: Stripe Checkout with a key, otherwise the local test checkout
 * (/dev/stripe), which signs its events with a local secret and feeds them to the same webhook handler.
 */
export type PaymentProvider = {
  mode: "stripe" | "local" | "disabled";
  /** The SDK: creates Checkout Sessions (stripe mode) and signs/verifies webhook events (both modes). */
  stripe: Stripe;
  webhookSecret: string;
  /** Whether the local test checkout may stand in for Stripe: never in production unless allowed. */
  isLocalAllowed: boolean;
  /** The secret local checkouts sign their events with (the registration's and the clients' alike). */
  localWebhookSecret: string;
  /** The SDK on a freelancer's own Stripe account (decision 016), with the same network settings. */
  forAccount: (secretKey: string) => Stripe;
};

export function createPaymentProvider(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "NODE_ENV" | "ALLOW_LOCAL_PAYMENTS">,
  authSecret: string,
  stripeConfig: Stripe.StripeConfig = {},
): PaymentProvider {
  const forAccount = (secretKey: string) =>
    new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...stripeConfig });
  const isLocalAllowed = env.NODE_ENV !== "production" || env.ALLOW_LOCAL_PAYMENTS;
  const localWebhookSecret = `whsec_local_${createHash("sha256").update(`local-checkout:${authSecret}`).digest("hex").slice(0, 32)}`;
  const local = { isLocalAllowed, localWebhookSecret, forAccount };
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return {
      mode: "stripe",
      stripe: forAccount(env.STRIPE_SECRET_KEY),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      ...local,
    };
  }
  // The local SDK never reaches the network: it only signs and verifies events.
  return {
    mode: isLocalAllowed ? "local" : "disabled",
    stripe: new Stripe("sk_test_local_checkout_never_sent", stripeConfig),
    webhookSecret: localWebhookSecret,
    ...local,
  };
}
