import { createHash, randomBytes } from "node:crypto";
import { paths } from "@shared/paths";
import type {
  CreateShareLinkInput,
  PublicQuoteDecisionDto,
  ShareLinkDto,
  ShareStateDto,
} from "@shared/schemas/client-links";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clientShareLinks, invoices, quoteDecisions, quotes } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { hashToken } from "../../security/token-hash";
import { getQuotePdf } from "../quotes/quote-pdf.service";
import { QUOTE_NOT_FOUND } from "../quotes/quotes.service";

type LinkRow = typeof clientShareLinks.$inferSelect;
type DocumentRef = { quoteId?: string; invoiceId?: string };

/** The only answer to a wrong, revoked or expired token: nothing tells them apart. */
export const LINK_NOT_FOUND = "Ce lien n'existe pas ou n'est plus valide.";
const DAY_MS = 24 * 60 * 60 * 1000;

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const isActive = (row: Pick<LinkRow, "revokedAt" | "expiresAt">, now: Date) =>
  !row.revokedAt && row.expiresAt > now;

function toDto(row: LinkRow, now: Date, url?: string): ShareLinkDto {
  return {
    id: row.id,
    ...(url ? { url } : {}),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    isActive: isActive(row, now),
  };
}

/** The document's stored status, or a 404 when it is not one's own. */
async function assertOwnDocument(tx: Tx, userId: string, { quoteId, invoiceId }: DocumentRef) {
  if (quoteId) {
    const [quote] = await tx
      .select({ status: quotes.status })
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
    if (!quote) throw new AppError("not_found", QUOTE_NOT_FOUND);
    return quote.status;
  }
  const [invoice] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId as string), eq(invoices.userId, userId)));
  if (!invoice) throw new AppError("not_found", "Facture introuvable.");
  return invoice.status;
}

const documentIs = ({ quoteId, invoiceId }: DocumentRef) =>
  quoteId ? eq(clientShareLinks.quoteId, quoteId) : eq(clientShareLinks.invoiceId, invoiceId as string);

/**
 * A new secret link to a quote or an issued invoice of one's own; the previous link of the document stops
 * working. The token (32 random bytes) is in the answer once and never stored. A quote link keeps the PDF
 * rendered now: the client reads, downloads and signs these very bytes.
 */
export async function createShareLink(
  db: Db,
  {
    userId,
    input,
    appUrl,
    now = new Date(),
  }: { userId: string; input: CreateShareLinkInput; appUrl: string; now?: Date },
): Promise<ShareLinkDto> {
  const { quoteId, invoiceId } = input;
  const status = await withTenant(db, userId, (tx) => assertOwnDocument(tx, userId, input));
  if (status === "brouillon") {
    throw new AppError(
      "conflict",
      quoteId
        ? "Envoyez d'abord le devis : un brouillon ne se partage pas."
        : "Émettez d'abord la facture : un brouillon ne se partage pas.",
    );
  }
  const pdf = quoteId ? (await getQuotePdf(db, { userId, id: quoteId })).bytes : null;
  const token = randomBytes(32).toString("base64url");
  const row = await withTenant(db, userId, async (tx) => {
    await tx
      .update(clientShareLinks)
      .set({ revokedAt: now })
      .where(and(eq(clientShareLinks.userId, userId), documentIs(input), isNull(clientShareLinks.revokedAt)));
    const [created] = await tx
      .insert(clientShareLinks)
      .values({
        userId,
        quoteId: quoteId ?? null,
        invoiceId: invoiceId ?? null,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + input.validityDays * DAY_MS),
        quotePdf: pdf,
        quotePdfSha256: pdf ? sha256Hex(pdf) : null,
        createdAt: now,
      })
      .returning();
    return created as LinkRow;
  });
  return toDto(row, now, `${appUrl}${paths.publicDocument(token)}`);
}

/** The document's latest link and the client's decision, for its detail page (null when none). */
export async function getShareState(
  db: Db,
  { userId, document, now = new Date() }: { userId: string; document: DocumentRef; now?: Date },
): Promise<ShareStateDto> {
  return withTenant(db, userId, async (tx) => {
    await assertOwnDocument(tx, userId, document);
    const [link] = await tx
      .select()
      .from(clientShareLinks)
      .where(and(eq(clientShareLinks.userId, userId), documentIs(document)))
      .orderBy(desc(clientShareLinks.createdAt))
      .limit(1);
    const [decision] = document.quoteId
      ? await tx
          .select()
          .from(quoteDecisions)
          .where(and(eq(quoteDecisions.userId, userId), eq(quoteDecisions.quoteId, document.quoteId)))
      : [];
    return {
      link: link ? toDto(link, now) : null,
      decision: decision ? decisionDto(decision) : null,
    };
  });
}

export function decisionDto(row: typeof quoteDecisions.$inferSelect) {
  return {
    decision: row.decision,
    signerName: row.signerName,
    hasConsented: row.hasConsented,
    reason: row.reason,
    decidedAt: row.decidedAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    pdfSha256: row.pdfSha256,
  };
}

/** The decision for link holders: no IP address, no browser (shared/schemas/client-links.ts). */
export function publicDecisionDto(row: typeof quoteDecisions.$inferSelect): PublicQuoteDecisionDto {
  const { ipAddress: _ip, userAgent: _agent, ...shown } = decisionDto(row);
  return shown;
}

/** Revokes one's own link at once; another user's is not found. */
export async function revokeShareLink(
  db: Db,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<ShareLinkDto> {
  return withTenant(db, userId, async (tx) => {
    const [row] = await tx
      .update(clientShareLinks)
      .set({ revokedAt: now })
      .where(
        and(
          eq(clientShareLinks.id, id),
          eq(clientShareLinks.userId, userId),
          isNull(clientShareLinks.revokedAt),
        ),
      )
      .returning();
    if (row) return toDto(row, now);
    const [existing] = await tx
      .select()
      .from(clientShareLinks)
      .where(and(eq(clientShareLinks.id, id), eq(clientShareLinks.userId, userId)));
    if (!existing) throw new AppError("not_found", "Lien introuvable.");
    return toDto(existing, now);
  });
}

/**
 * The link a client's token opens, whoever owns it (there is no session: the token is the credential), as
 * the owner role. Unknown, revoked and expired tokens are the same 404.
 */
/**
 * The worker-queue owner of what a client link renders (decision 018): the link's own, so that a link
 * hammered by whoever holds it fills its own queue, never the freelancer's (their own PDFs, imports, speech).
 */
export const linkQueueOwner = (link: Pick<LinkRow, "id">) => `link:${link.id}`;

export async function resolveLink(db: Db, token: string, now = new Date()): Promise<LinkRow> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError("not_found", LINK_NOT_FOUND);
  const [row] = await db
    .select()
    .from(clientShareLinks)
    .where(
      and(
        eq(clientShareLinks.tokenHash, hashToken(token)),
        isNull(clientShareLinks.revokedAt),
        gt(clientShareLinks.expiresAt, now),
      ),
    );
  if (!row) throw new AppError("not_found", LINK_NOT_FOUND);
  return row;
}

/** Notes that the client opened the link (shown to the freelancer). */
export async function markViewed(db: Db, link: LinkRow, now = new Date()) {
  await withTenant(db, link.userId, (tx) =>
    tx
      .update(clientShareLinks)
      .set({ lastViewedAt: now })
      .where(and(eq(clientShareLinks.id, link.id), eq(clientShareLinks.userId, link.userId))),
  );
}
