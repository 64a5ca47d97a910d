import {
  acceptQuoteInput,
  createShareLinkInput,
  refuseQuoteInput,
  shareLinkQuery,
  updateClientPortalSettingsInput,
} from "@shared/schemas/client-links";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { clientIp } from "../../auth/client-ip";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import { AppError } from "../../errors";
import { pdfResponse } from "../../http/pdf";
import { uuidParam, valid } from "../../http/validate";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../payments/provider";
import { takeRateLimitSlot } from "../../security/rate-limit";
import type { SecretBox } from "../../security/secret-box";
import { isAutoConvertOnAcceptance, setAutoConvertOnAcceptance } from "./portal-settings.service";
import { getPublicDocument, getPublicPdf } from "./public-document.service";
import { decideQuote, getAcceptanceCertificate } from "./quote-decision.service";
import {
  createShareLink,
  getShareState,
  linkQueueOwner,
  markViewed,
  resolveLink,
  revokeShareLink,
} from "./share-links.service";

/** Requests one address may make to the public pages' API per minute: a person reads, guessers loop. */
export const PUBLIC_LINK_REQUESTS_PER_MINUTE = 60;

type Deps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  trustProxy: boolean;
  secrets: SecretBox;
  payments: PaymentProvider;
};

/** /api/client-links: the owner's side, mounted behind the 401/402 guard (app.ts `businessModules`). */
export function clientLinkRoutes({ db, appUrl }: Pick<Deps, "db" | "appUrl">) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/settings", async (c) =>
      c.json({
        isAutoConvertOnAcceptance: await isAutoConvertOnAcceptance(db, { userId: c.get("user").id }),
      }),
    )
    .put("/settings", valid(updateClientPortalSettingsInput), async (c) =>
      c.json({
        isAutoConvertOnAcceptance: await setAutoConvertOnAcceptance(db, {
          userId: c.get("user").id,
          value: c.req.valid("json").isAutoConvertOnAcceptance,
        }),
      }),
    )
    .get("/", valid(shareLinkQuery, "query"), async (c) =>
      c.json(await getShareState(db, { userId: c.get("user").id, document: c.req.valid("query") })),
    )
    .post("/", valid(createShareLinkInput), async (c) =>
      c.json(
        await createShareLink(db, { userId: c.get("user").id, input: c.req.valid("json"), appUrl }),
        201,
      ),
    )
    .use("/:id/revoke", uuidParam("Lien introuvable."))
    .post("/:id/revoke", async (c) =>
      c.json(await revokeShareLink(db, { userId: c.get("user").id, id: c.req.param("id") })),
    )
    .use("/quotes/:id/*", uuidParam("Devis introuvable."))
    .get("/quotes/:id/certificate.pdf", async (c) =>
      pdfResponse(
        c,
        await getAcceptanceCertificate(db, {
          userId: c.get("user").id,
          quoteId: c.req.param("id"),
          audience: "owner",
        }),
      ),
    );
}

/** Per-address limit in the database (shared by every instance); the page keeps no session to count by. */
function perAddressLimit(db: Db, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const ip = clientIp(c, trustProxy) ?? "unknown";
    const slot = await takeRateLimitSlot(db, {
      key: `public-link:${ip}`,
      limit: PUBLIC_LINK_REQUESTS_PER_MINUTE,
      windowMs: 60_000,
    });
    if (!slot.isAllowed) {
      c.header("Retry-After", String(slot.retryAfterSeconds));
      throw new AppError(
        "rate_limited",
        "Trop de demandes depuis votre connexion. Réessayez dans une minute.",
      );
    }
    await next();
  };
}

/**
 * PDFs one link may have rendered or sent per minute, whatever the addresses asking (issue 26): a client
 * downloads their document a few times, a link shared on a forum and scripted from many addresses would
 * otherwise keep a worker thread busy for as long as it is asked.
 */
export const PUBLIC_LINK_PDFS_PER_MINUTE = 20;

async function takePdfSlot(db: Db, link: { id: string }) {
  const slot = await takeRateLimitSlot(db, {
    key: `public-link-pdf:${link.id}`,
    limit: PUBLIC_LINK_PDFS_PER_MINUTE,
    windowMs: 60_000,
  });
  if (!slot.isAllowed)
    throw new AppError(
      "rate_limited",
      `Ce document a été téléchargé plus de ${PUBLIC_LINK_PDFS_PER_MINUTE} fois en une minute : réessayez dans ${slot.retryAfterSeconds} s.`,
      undefined,
      { retryAfterSeconds: slot.retryAfterSeconds },
    );
}

/** Search engines must never index a client's document, even if a link leaks into a public page. */
export const noIndex: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex, nofollow");
};

const signerOf = (c: Context, trustProxy: boolean) => ({
  ipAddress: clientIp(c, trustProxy),
  userAgent: c.req.header("user-agent") ?? null,
});

/**
 * /api/public/links/:token: the client's side, no session (the token is the credential), outside the
 * paid-user wall; a wrong, revoked or expired token is a 404.
 */
export function publicLinkRoutes(deps: Deps) {
  const { db, trustProxy } = deps;
  return new Hono()
    .use(noIndex)
    .use(perAddressLimit(db, trustProxy))
    .get("/:token", async (c) => {
      const link = await resolveLink(db, c.req.param("token"));
      const document = await getPublicDocument(deps, { link });
      await markViewed(db, link);
      c.header("cache-control", "private, no-store");
      return c.json(document);
    })
    .get("/:token/pdf", async (c) => {
      const link = await resolveLink(db, c.req.param("token"));
      await takePdfSlot(db, link);
      return pdfResponse(c, await getPublicPdf(db, link));
    })
    .get("/:token/certificate.pdf", async (c) => {
      const link = await resolveLink(db, c.req.param("token"));
      if (!link.quoteId) throw new AppError("not_found", "Aucun certificat pour ce document.");
      await takePdfSlot(db, link);
      return pdfResponse(
        c,
        await getAcceptanceCertificate(db, {
          userId: link.userId,
          quoteId: link.quoteId,
          audience: "link",
          queueOwner: linkQueueOwner(link),
        }),
      );
    })
    .post("/:token/accept", valid(acceptQuoteInput), async (c) =>
      c.json(
        await decideQuote(deps, {
          link: await resolveLink(db, c.req.param("token")),
          signer: signerOf(c, trustProxy),
          choice: { decision: "accepted", input: c.req.valid("json") },
        }),
      ),
    )
    .post("/:token/refuse", valid(refuseQuoteInput), async (c) =>
      c.json(
        await decideQuote(deps, {
          link: await resolveLink(db, c.req.param("token")),
          signer: signerOf(c, trustProxy),
          choice: { decision: "refused", input: c.req.valid("json") },
        }),
      ),
    );
}
