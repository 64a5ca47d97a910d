import type { StripeAccountDto, StripeAccountInput } from "@shared/schemas/client-links";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "../../db/client";
import { clientPortalSettings } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../payments/provider";
import type { SecretBox } from "../../security/secret-box";

type Settings = typeof clientPortalSettings.$inferSelect;
type Deps = { db: Db; secrets: SecretBox; payments: PaymentProvider; appUrl: string };

// Each sealed value opens only for its purpose and its user (secret-box associated data).
const keyContext = (userId: string) => `stripe-key:${userId}`;
const webhookSecretContext = (userId: string) => `stripe-webhook-secret:${userId}`;

export const clientWebhookUrl = (appUrl: string, endpointId: string) =>
  `${appUrl}/api/public/stripe/webhook/${endpointId}`;

/**
 * The user's portal settings row, created on first need: its random `webhook_endpoint_id` names the user
 * in the webhook URL, which must be known before a key is saved (to declare it in Stripe first).
 */
export async function ensureSettings(db: Db, userId: string): Promise<Settings> {
  return withTenant(db, userId, async (tx) => {
    await tx.insert(clientPortalSettings).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(clientPortalSettings).where(eq(clientPortalSettings.userId, userId));
    return row as Settings;
  });
}

function toDto({ payments, appUrl }: Pick<Deps, "payments" | "appUrl">, row: Settings): StripeAccountDto {
  const hasKey = Boolean(row.stripeKeySealed && row.stripeWebhookSecretSealed);
  return {
    stripe: hasKey ? { keyEnd: row.stripeKeyEnd ?? "" } : null,
    webhookUrl: clientWebhookUrl(appUrl, row.webhookEndpointId),
    isLocalCheckout: !hasKey && payments.isLocalAllowed,
  };
}

export async function getStripeAccount(deps: Deps, { userId }: { userId: string }) {
  return toDto(deps, await ensureSettings(deps.db, userId));
}

export const STRIPE_KEY_REFUSED_MESSAGE =
  "Stripe refuse cette clé : vérifiez-la dans votre tableau de bord Stripe (Développeurs → Clés API) et collez-la en entier. Rien n'a été enregistré.";
export const STRIPE_KEY_NOT_ALLOWED_MESSAGE =
  "Cette clé restreinte ne peut pas créer de paiements : donnez-lui l'accès « Checkout Sessions » en écriture dans Stripe. Rien n'a été enregistré.";
export const STRIPE_KEY_UNCHECKED_MESSAGE =
  "Stripe n'a pas pu vérifier la clé pour le moment. Réessayez dans un instant ; rien n'a été enregistré.";

/**
 * Asks the freelancer's Stripe account, with the key, for what « Payer » will need (Checkout Sessions), so
 * a mistyped, revoked or under-privileged key is refused now rather than at a client's first payment.
 */
async function assertKeyWorks(deps: Pick<Deps, "payments"> & { logger: Logger }, secretKey: string) {
  try {
    await deps.payments.forAccount(secretKey).checkout.sessions.list({ limit: 1 });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      throw new AppError("validation_failed", STRIPE_KEY_REFUSED_MESSAGE, [
        { path: "secretKey", message: "Clé refusée par Stripe." },
      ]);
    if (error instanceof Stripe.errors.StripePermissionError)
      throw new AppError("validation_failed", STRIPE_KEY_NOT_ALLOWED_MESSAGE, [
        { path: "secretKey", message: "Accès « Checkout Sessions » manquant." },
      ]);
    deps.logger.warn({ err: error }, "Stripe account: the key could not be checked");
    throw new AppError("unavailable", STRIPE_KEY_UNCHECKED_MESSAGE);
  }
}

export async function saveStripeAccount(
  deps: Deps & { logger: Logger },
  { userId, input }: { userId: string; input: StripeAccountInput },
): Promise<StripeAccountDto> {
  await assertKeyWorks(deps, input.secretKey);
  await ensureSettings(deps.db, userId);
  const sealed = {
    stripeKeySealed: deps.secrets.seal(input.secretKey, keyContext(userId)),
    stripeKeyEnd: input.secretKey.slice(-4),
    stripeWebhookSecretSealed: deps.secrets.seal(input.webhookSecret, webhookSecretContext(userId)),
  };
  const [row] = await withTenant(deps.db, userId, (tx) =>
    tx.update(clientPortalSettings).set(sealed).where(eq(clientPortalSettings.userId, userId)).returning(),
  );
  return toDto(deps, row as Settings);
}

export async function removeStripeAccount(deps: Deps, { userId }: { userId: string }) {
  const [row] = await withTenant(deps.db, userId, (tx) =>
    tx
      .update(clientPortalSettings)
      .set({ stripeKeySealed: null, stripeKeyEnd: null, stripeWebhookSecretSealed: null })
      .where(eq(clientPortalSettings.userId, userId))
      .returning(),
  );
  return row ? toDto(deps, row) : getStripeAccount(deps, { userId });
}

/**
 * « Payer » on a link whose freelancer has no Stripe key, in production (the page offers no « Payer » then,
 * so only a stale page gets here): the client is told how else to pay; the freelancer's Stripe card says
 * what to set up.
 */
export const ONLINE_PAYMENT_NOT_CONFIGURED_MESSAGE =
  "Le paiement en ligne n'est pas proposé pour cette facture : votre prestataire n'a pas configuré le paiement par carte. Réglez-la selon les modalités indiquées sur la facture (virement…) ou contactez-le.";

/**
 * How a user's clients pay: their own Stripe account when both secrets open, else the local test checkout
 * where allowed, else not at all. A secret that no longer opens (server secret changed) counts as absent.
 */
export type PaymentAccount =
  | { kind: "stripe"; secretKey: string; webhookSecret: string }
  | { kind: "local"; webhookSecret: string }
  | { kind: "none" };

export function paymentAccountOf(
  { secrets, payments }: Pick<Deps, "secrets" | "payments">,
  row: Settings | undefined,
): PaymentAccount {
  const secretKey = row?.stripeKeySealed ? secrets.open(row.stripeKeySealed, keyContext(row.userId)) : null;
  const webhookSecret = row?.stripeWebhookSecretSealed
    ? secrets.open(row.stripeWebhookSecretSealed, webhookSecretContext(row.userId))
    : null;
  if (secretKey && webhookSecret) return { kind: "stripe", secretKey, webhookSecret };
  if (payments.isLocalAllowed) return { kind: "local", webhookSecret: payments.localWebhookSecret };
  return { kind: "none" };
}
