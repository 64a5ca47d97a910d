import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { amountDueCents } from "@shared/domain/totals";
import { INVOICE_ALREADY_PAID_MESSAGE } from "@shared/schemas/client-links";
import { and, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "../../db/client";
import { clientCheckoutSessions, clientPortalSettings, invoices } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../payments/provider";
import type { SecretBox } from "../../security/secret-box";
import type { resolveLink } from "../client-links/share-links.service";
import {
  ONLINE_PAYMENT_NOT_CONFIGURED_MESSAGE,
  type PaymentAccount,
  paymentAccountOf,
} from "./stripe-account.service";

export type LinkRow = Awaited<ReturnType<typeof resolveLink>>;
type Deps = { db: Db; secrets: SecretBox; payments: PaymentProvider; appUrl: string; logger: Logger };

export const CLIENT_PAYMENT_CURRENCY = "eur";
const PAYABLE = ["en-attente", "en-retard"];

/** Where the client comes back to: the public page, which says in French how the payment went. */
export const returnUrl = (appUrl: string, token: string, outcome: "reussi" | "annule") =>
  `${appUrl}/d/${token}?paiement=${outcome}`;

/**
 * « Payer »: the Checkout Session for what remains due on the link's invoice, on the freelancer's own Stripe
 * account (or the local test checkout), recorded so the webhook pays only this session, this amount. A paid
 * invoice is refused with a French message the client understands.
 */
export async function createInvoiceCheckout(
  deps: Deps,
  { link, token }: { link: LinkRow; token: string },
): Promise<{ url: string }> {
  const { db } = deps;
  const invoiceId = link.invoiceId;
  if (!invoiceId) throw new AppError("conflict", "Un devis ne se paie pas en ligne : seule une facture.");
  const { invoice, settings } = await withTenant(db, link.userId, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, link.userId)));
    const [settings] = await tx
      .select()
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, link.userId));
    return { invoice, settings };
  });
  assertPayable(invoice);
  const account = paymentAccountOf(deps, settings);
  if (account.kind === "none") throw new AppError("not_configured", ONLINE_PAYMENT_NOT_CONFIGURED_MESSAGE);
  return openOneSession(deps, { link, token, invoiceId, account });
}

type Invoice = typeof invoices.$inferSelect;
type SessionRow = typeof clientCheckoutSessions.$inferSelect;
type ClientAccount = Exclude<PaymentAccount, { kind: "none" }>;

/** How long a client's Checkout Session stays payable (Stripe accepts 30 minutes to 24 hours). */
export const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** A session with less time left is replaced rather than handed out: the client needs time to pay. */
const MIN_TIME_LEFT_MS = 10 * 60 * 1000;
/** How long a « Payer » waits for the session another request is creating (the SDK's own timeout is 15 s). */
const CREATION_WAIT_MS = 20_000;
const POLL_MS = 100;
/** A reservation this old was left by a request that stopped before Stripe answered: it is replaced. */
const STALE_RESERVATION_MS = 60_000;

const UNAVAILABLE_MESSAGE =
  "Le paiement en ligne est momentanément indisponible. Réessayez plus tard ou contactez votre prestataire.";

function assertPayable(invoice: Invoice | undefined): asserts invoice is Invoice {
  if (invoice?.kind === "facture" && invoice.status === "payée") {
    throw new AppError("conflict", INVOICE_ALREADY_PAID_MESSAGE);
  }
  if (invoice?.kind !== "facture" || !PAYABLE.includes(invoice.status) || amountDueCents(invoice) <= 0) {
    throw new AppError("conflict", "Cette facture n'a plus rien à régler.");
  }
}

const localUrl = (appUrl: string, token: string, sessionId: string) =>
  `${appUrl}/d/${token}?paiement-test=${encodeURIComponent(sessionId)}`;

type Plan =
  | { kind: "reuse"; url: string }
  | { kind: "wait" }
  | {
      kind: "create";
      reservationId: string;
      amountCents: number;
      invoiceNumber: string;
      replaced?: SessionRow;
    };

/**
 * One live Checkout Session per invoice (issue 26 §5): « Payer » hands out the open one while it is still
 * good for this link and this amount, or replaces it, expiring it at Stripe before a new one is created.
 * The decision is taken under the invoice's row lock and the live slot is a unique partial index, so
 * concurrent clicks on any number of server instances open one session; the others wait for its URL.
 */
async function openOneSession(
  deps: Deps,
  args: { link: LinkRow; token: string; invoiceId: string; account: ClientAccount },
): Promise<{ url: string }> {
  const deadline = Date.now() + CREATION_WAIT_MS;
  for (;;) {
    const plan = await withTenant(deps.db, args.link.userId, (tx) => planSession(tx, deps, args));
    if (plan.kind === "reuse") return { url: plan.url };
    if (plan.kind === "create" && args.account.kind === "stripe") {
      const url = await createStripeSession(deps, { ...args, plan, secretKey: args.account.secretKey });
      if (url) return { url };
      continue;
    }
    if (Date.now() > deadline) throw new AppError("unavailable", UNAVAILABLE_MESSAGE);
    await sleep(POLL_MS);
  }
}

async function planSession(
  tx: Tx,
  { appUrl }: Deps,
  {
    link,
    token,
    invoiceId,
    account,
  }: { link: LinkRow; token: string; invoiceId: string; account: ClientAccount },
): Promise<Plan> {
  const userId = link.userId;
  const now = new Date();
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .for("update");
  assertPayable(invoice);
  const dueCents = amountDueCents(invoice);
  const [live] = await tx
    .select()
    .from(clientCheckoutSessions)
    .where(
      and(
        eq(clientCheckoutSessions.userId, userId),
        eq(clientCheckoutSessions.invoiceId, invoiceId),
        inArray(clientCheckoutSessions.status, ["creating", "open"]),
      ),
    );
  if (live?.status === "open") {
    const isStillGood =
      live.linkId === link.id &&
      live.amountCents === dueCents &&
      live.provider === account.kind &&
      (live.expiresAt?.getTime() ?? 0) > now.getTime() + MIN_TIME_LEFT_MS;
    if (isStillGood) return { kind: "reuse", url: live.url ?? localUrl(appUrl, token, live.id) };
  }
  if (live?.status === "creating" && now.getTime() - live.createdAt.getTime() < STALE_RESERVATION_MS) {
    return { kind: "wait" };
  }
  if (live) {
    // Replaced (amount due changed, new link, time running out) or left by a request that stopped.
    await tx
      .update(clientCheckoutSessions)
      .set({ status: "expired" })
      .where(and(eq(clientCheckoutSessions.id, live.id), eq(clientCheckoutSessions.userId, userId)));
  }
  const isLocal = account.kind === "local";
  const id = `${isLocal ? "cs_local" : "cs_reserved"}_${randomBytes(18).toString("base64url")}`;
  await tx.insert(clientCheckoutSessions).values({
    id,
    userId,
    invoiceId,
    linkId: link.id,
    provider: account.kind,
    amountCents: dueCents,
    currency: CLIENT_PAYMENT_CURRENCY,
    status: isLocal ? "open" : "creating",
    expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_LIFETIME_MS),
  });
  // The local test checkout has no server of its own to expire a session at: an expired row refuses payment.
  if (isLocal) return { kind: "reuse", url: localUrl(appUrl, token, id) };
  const isOpenAtStripe =
    live?.status === "open" && live.provider === "stripe" && (live.expiresAt?.getTime() ?? 0) > now.getTime();
  return {
    kind: "create",
    reservationId: id,
    amountCents: dueCents,
    invoiceNumber: invoice.invoiceNumber ?? "",
    ...(isOpenAtStripe ? { replaced: live } : {}),
  };
}

/**
 * The network half of a reservation: the replaced session is expired at Stripe first (a client who paid it
 * meanwhile is told so, and nothing new is opened), then the new session is created with the reservation as
 * its idempotency key (the SDK's retries of a timed-out call cannot open a second one). Null when the
 * reservation was taken over meanwhile: the caller plans again.
 */
async function createStripeSession(
  deps: Deps,
  {
    link,
    token,
    invoiceId,
    plan,
    secretKey,
  }: {
    link: LinkRow;
    token: string;
    invoiceId: string;
    plan: Extract<Plan, { kind: "create" }>;
    secretKey: string;
  },
): Promise<string | null> {
  const { db, appUrl } = deps;
  const userId = link.userId;
  const stripe = deps.payments.forAccount(secretKey);
  const own = (id: string) =>
    and(eq(clientCheckoutSessions.id, id), eq(clientCheckoutSessions.userId, userId));
  const reservation = and(own(plan.reservationId), eq(clientCheckoutSessions.status, "creating"));
  const release = (restore?: { id: string; status: "open" | "complete" }) =>
    withTenant(db, userId, async (tx) => {
      await tx.delete(clientCheckoutSessions).where(reservation);
      if (restore) {
        await tx.update(clientCheckoutSessions).set({ status: restore.status }).where(own(restore.id));
      }
    });

  if (plan.replaced) {
    const outcome = await expireAtStripe(stripe, plan.replaced.id);
    if (outcome !== "expired") {
      // Paid meanwhile: the webhook records it; restoring the row keeps the slot free for after.
      await release({ id: plan.replaced.id, status: outcome === "complete" ? "complete" : "open" });
      if (outcome === "complete") {
        throw new AppError(
          "conflict",
          "Un paiement de cette facture vient d'aboutir : il sera pris en compte dans quelques instants.",
        );
      }
      deps.logger.warn({ userId }, "client checkout: Stripe did not expire the replaced session");
      throw new AppError("unavailable", UNAVAILABLE_MESSAGE);
    }
  }

  const metadata = { invoiceId, linkId: link.id };
  const expiresAt = Math.floor((Date.now() + CHECKOUT_SESSION_LIFETIME_MS) / 1000);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        locale: "fr",
        client_reference_id: invoiceId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CLIENT_PAYMENT_CURRENCY,
              unit_amount: plan.amountCents,
              product_data: { name: `Facture ${plan.invoiceNumber}`.trim() },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        expires_at: expiresAt,
        success_url: returnUrl(appUrl, token, "reussi"),
        cancel_url: returnUrl(appUrl, token, "annule"),
      },
      { idempotencyKey: `ardoise-client-checkout-${plan.reservationId}` },
    );
  } catch (error) {
    await release();
    // The client cannot act on the freelancer's Stripe error; the freelancer sees it in the log.
    deps.logger.warn({ err: error, userId }, "client checkout: Stripe refused the session");
    throw new AppError("unavailable", UNAVAILABLE_MESSAGE);
  }
  if (!session.url) {
    await release();
    throw new AppError("unavailable", "Le paiement en ligne est momentanément indisponible.");
  }
  const opened = await withTenant(db, userId, (tx) =>
    tx
      .update(clientCheckoutSessions)
      .set({ id: session.id, url: session.url, status: "open", expiresAt: new Date(expiresAt * 1000) })
      .where(reservation)
      .returning({ id: clientCheckoutSessions.id }),
  );
  if (opened.length > 0) return session.url;
  // Taken over as stale while Stripe was slow: this session is nobody's, the live one is handed out instead.
  await expireAtStripe(stripe, session.id);
  return null;
}

/**
 * Expires an open session. When Stripe refuses, the session's status says why: already expired, or paid
 * meanwhile. One Stripe no longer knows (opened with a key since replaced) is gone for this account.
 */
async function expireAtStripe(
  stripe: Stripe,
  sessionId: string,
): Promise<"expired" | "complete" | "unknown"> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return "expired";
  } catch {
    try {
      const { status } = await stripe.checkout.sessions.retrieve(sessionId);
      return status === "complete" ? "complete" : status === "expired" ? "expired" : "unknown";
    } catch (error) {
      return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404
        ? "expired"
        : "unknown";
    }
  }
}
