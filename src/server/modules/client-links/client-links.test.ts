import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { businessIdentities, clientShareLinks, quoteDecisions } from "../../db/schema/index";
import { call, freshIp, lastEmailTo, markPaid, registerAndConfirm } from "../../test/accounts";
import { pdfText, spaces } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";
import { workerPool } from "../../workers/pool";
import { PUBLIC_LINK_PDFS_PER_MINUTE, PUBLIC_LINK_REQUESTS_PER_MINUTE } from "./client-links.routes";
import { createShareLink } from "./share-links.service";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
const ALICE_EMAIL = "alice.liens@example.fr";
const sha256 = (bytes: ArrayBuffer | Uint8Array) =>
  createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

const quoteBody = {
  clientName: "Brasserie du Nord",
  lines: [{ description: "Identité visuelle", quantity: 2, unitPriceCents: 60000, vatRateBp: 2000 }],
};

async function sentQuote(cookie: string) {
  const created = await call(context, "/api/quotes", { method: "POST", cookie, body: quoteBody });
  const quote = await created.json();
  expect((await call(context, `/api/quotes/${quote.id}/mark-sent`, { method: "POST", cookie })).status).toBe(
    200,
  );
  return quote as { id: string; quoteNumber: string };
}

async function share(cookie: string, body: Record<string, unknown>) {
  const response = await call(context, "/api/client-links", { method: "POST", cookie, body });
  expect(response.status).toBe(201);
  const link = await response.json();
  return { ...link, token: new URL(link.url).pathname.split("/").pop() as string };
}

/** The anonymous client, from one address of their own. */
const asClient = (ip: string) => ({
  get: (path: string) => call(context, path, { headers: { "x-forwarded-for": ip } }),
  post: (path: string, body: unknown) =>
    call(context, path, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": ip, "user-agent": "Mozilla/5.0 (iPhone) Safari/604.1" },
    }),
});

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: ALICE_EMAIL });
  bruno = await registerAndConfirm(context, { email: "bruno.liens@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: alice.userId,
    legalName: "Alice Martin EI",
    siret: "73282932000074",
    addressLine1: "12 rue des Lilas",
    postalCode: "69003",
    city: "Lyon",
    vatRegime: "assujetti",
    vatNumber: "FR44732829320",
  });
});
afterAll(() => context.close());

describe("share links", () => {
  it("stores only the token's SHA-256 and opens the document to anyone holding the link, noindex", async () => {
    const quote = await sentQuote(alice.cookie);
    const link = await share(alice.cookie, { quoteId: quote.id });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/d\/[A-Za-z0-9_-]{43}$/);
    expect(link.isActive).toBe(true);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);

    const [row] = await context.database.db
      .select()
      .from(clientShareLinks)
      .where(eq(clientShareLinks.id, link.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(link.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const client = asClient(freshIp());
    const page = await client.get(`/api/public/links/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const document = await page.json();
    expect(document).toMatchObject({
      kind: "quote",
      title: `Devis ${quote.quoteNumber}`,
      status: "envoyé",
      statusLabel: "Envoyé",
      seller: { name: "Alice Martin EI" },
      buyer: { name: "Brasserie du Nord" },
      totalCents: 144000,
      canDecide: true,
      decision: null,
    });
    expect(document.mentions).toEqual([]);
    expect(JSON.stringify(document)).not.toContain(alice.userId);

    // The PDF behind the link is the one whose fingerprint the page shows, every time.
    const pdf = await client.get(`/api/public/links/${link.token}/pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = await pdf.arrayBuffer();
    expect(sha256(bytes)).toBe(document.pdfSha256);
    expect(sha256(await (await client.get(`/api/public/links/${link.token}/pdf`)).arrayBuffer())).toBe(
      document.pdfSha256,
    );
    expect(spaces(pdfText(bytes, "devis"))).toContain(quote.quoteNumber);

    const state = await call(context, `/api/client-links?quoteId=${quote.id}`, { cookie: alice.cookie });
    expect((await state.json()).link).toMatchObject({ id: link.id, isActive: true });
  });

  it("refuses a draft, and hides one user's documents and links from another (404)", async () => {
    const created = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody,
    });
    const draft = await created.json();
    const refused = await call(context, "/api/client-links", {
      method: "POST",
      cookie: alice.cookie,
      body: { quoteId: draft.id },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "Envoyez d'abord le devis : un brouillon ne se partage pas.",
    );

    const quote = await sentQuote(alice.cookie);
    const link = await share(alice.cookie, { quoteId: quote.id });
    const forBruno = await call(context, "/api/client-links", {
      method: "POST",
      cookie: bruno.cookie,
      body: { quoteId: quote.id },
    });
    expect(forBruno.status).toBe(404);
    expect(
      (await call(context, `/api/client-links?quoteId=${quote.id}`, { cookie: bruno.cookie })).status,
    ).toBe(404);
    const revokeByBruno = await call(context, `/api/client-links/${link.id}/revoke`, {
      method: "POST",
      cookie: bruno.cookie,
    });
    expect(revokeByBruno.status).toBe(404);
    expect((await asClient(freshIp()).get(`/api/public/links/${link.token}`)).status).toBe(200);
    // The owner's API stays behind the session.
    expect((await call(context, `/api/client-links?quoteId=${quote.id}`)).status).toBe(401);
  });

  it("answers the same French 404 to a revoked, a replaced, an expired and an unknown token", async () => {
    const quote = await sentQuote(alice.cookie);
    const first = await share(alice.cookie, { quoteId: quote.id });
    const second = await share(alice.cookie, { quoteId: quote.id });
    const client = asClient(freshIp());
    expect((await client.get(`/api/public/links/${first.token}`)).status).toBe(404);
    expect((await client.get(`/api/public/links/${second.token}`)).status).toBe(200);

    const revoked = await call(context, `/api/client-links/${second.id}/revoke`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect((await revoked.json()).isActive).toBe(false);
    const gone = await client.get(`/api/public/links/${second.token}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("Ce lien n'existe pas ou n'est plus valide.");
    expect((await client.get(`/api/public/links/${second.token}/pdf`)).status).toBe(404);

    const old = await createShareLink(context.database.db, {
      userId: alice.userId,
      input: { quoteId: quote.id, validityDays: 60 },
      appUrl: "http://localhost:3000",
      now: new Date(Date.now() - 61 * 86_400_000),
    });
    const expiredToken = new URL(old.url as string).pathname.split("/").pop();
    expect((await client.get(`/api/public/links/${expiredToken}`)).status).toBe(404);
    expect((await client.get(`/api/public/links/${"x".repeat(43)}`)).status).toBe(404);
  });

  it(`limits one address to ${PUBLIC_LINK_REQUESTS_PER_MINUTE} requests a minute`, async () => {
    const client = asClient(freshIp());
    const statuses: number[] = [];
    for (let index = 0; index <= PUBLIC_LINK_REQUESTS_PER_MINUTE; index++)
      statuses.push((await client.get(`/api/public/links/${"y".repeat(43)}`)).status);
    expect(statuses.slice(0, PUBLIC_LINK_REQUESTS_PER_MINUTE).every((status) => status === 404)).toBe(true);
    const limited = await client.get(`/api/public/links/${"y".repeat(43)}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await asClient(freshIp()).get(`/api/public/links/${"y".repeat(43)}`)).status).toBe(404);
  });
});

describe("online acceptance", () => {
  it("records the audit trail, accepts the quote through the quotes service, tells the freelancer and prints a certificate", async () => {
    const quote = await sentQuote(alice.cookie);
    const link = await share(alice.cookie, { quoteId: quote.id });
    const ip = freshIp();
    const client = asClient(ip);
    const { pdfSha256 } = await (await client.get(`/api/public/links/${link.token}`)).json();

    const unticked = await client.post(`/api/public/links/${link.token}/accept`, {
      signerName: "Inès Roux",
      consent: false,
      pdfSha256,
    });
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).error.issues[0].message).toBe("Cochez la case pour donner votre accord.");
    const otherDocument = await client.post(`/api/public/links/${link.token}/accept`, {
      signerName: "Inès Roux",
      consent: true,
      pdfSha256: "0".repeat(64),
    });
    expect(otherDocument.status).toBe(409);

    const accepted = await client.post(`/api/public/links/${link.token}/accept`, {
      signerName: "Inès Roux",
      consent: true,
      pdfSha256,
    });
    expect(accepted.status).toBe(200);
    // The answer goes to whoever holds the link: who and when, not from which address or browser.
    const answer = await accepted.json();
    expect(answer).toEqual({
      decision: "accepted",
      signerName: "Inès Roux",
      hasConsented: true,
      reason: null,
      decidedAt: expect.any(String),
      pdfSha256,
    });
    expect(JSON.stringify(answer)).not.toContain(ip);
    const again = await client.post(`/api/public/links/${link.token}/accept`, {
      signerName: "Inès Roux",
      consent: true,
      pdfSha256,
    });
    expect(again.status).toBe(409);

    const owned = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(owned.status).toBe("accepté");
    expect(owned.acceptedAt).not.toBeNull();
    const page = await (await client.get(`/api/public/links/${link.token}`)).json();
    expect(page).toMatchObject({
      status: "accepté",
      canDecide: false,
      decision: { signerName: "Inès Roux" },
    });
    // Nobody the link reaches (it may have been forwarded) learns the signer's IP address or browser.
    expect(page.decision).not.toHaveProperty("ipAddress");
    expect(page.decision).not.toHaveProperty("userAgent");
    expect(JSON.stringify(page)).not.toContain(ip);
    expect(JSON.stringify(page)).not.toContain("iPhone");
    const state = await (
      await call(context, `/api/client-links?quoteId=${quote.id}`, { cookie: alice.cookie })
    ).json();
    expect(state.decision).toMatchObject({ decision: "accepted", ipAddress: ip });

    const email = await lastEmailTo(context, ALICE_EMAIL);
    expect(email?.subject).toBe(`Devis ${quote.quoteNumber} accepté par Brasserie du Nord`);
    expect(email?.text).toContain("Inès Roux");
    const bell = await (await call(context, "/api/notifications", { cookie: alice.cookie })).json();
    expect(bell.items).toContainEqual(
      expect.objectContaining({ kind: "quote_decided", title: `Devis ${quote.quoteNumber} accepté` }),
    );

    const certificate = await call(context, `/api/client-links/quotes/${quote.id}/certificate.pdf`, {
      cookie: alice.cookie,
    });
    expect(certificate.status).toBe(200);
    const text = spaces(pdfText(await certificate.arrayBuffer(), "certificat"));
    for (const expected of ["Inès Roux", ip, pdfSha256, quote.quoteNumber, "Case cochée", "Safari"])
      expect(text.replace(/[\s.]+/g, "")).toContain(expected.replace(/[\s.]+/g, ""));
    const publicCertificate = await client.get(`/api/public/links/${link.token}/certificate.pdf`);
    expect(publicCertificate.status).toBe(200);
    const publicText = spaces(pdfText(await publicCertificate.arrayBuffer(), "certificat")).replace(
      /[\s.]+/g,
      "",
    );
    for (const expected of ["Inès Roux", pdfSha256, quote.quoteNumber, "conservésparAliceMartinEI"])
      expect(publicText).toContain(expected.replace(/[\s.]+/g, ""));
    expect(publicText).not.toContain(ip.replace(/[\s.]+/g, ""));
    expect(publicText).not.toContain("Safari");

    // One click from there: the existing conversion.
    const converted = await call(context, `/api/quotes/${quote.id}/convert`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(converted.status).toBe(201);
  });

  it("converts at once when the freelancer chose so, and records a refusal with its reason", async () => {
    const set = await call(context, "/api/client-links/settings", {
      method: "PUT",
      cookie: alice.cookie,
      body: { isAutoConvertOnAcceptance: true },
    });
    expect(await set.json()).toEqual({ isAutoConvertOnAcceptance: true });
    const quote = await sentQuote(alice.cookie);
    const link = await share(alice.cookie, { quoteId: quote.id });
    const client = asClient(freshIp());
    const { pdfSha256 } = await (await client.get(`/api/public/links/${link.token}`)).json();
    await client.post(`/api/public/links/${link.token}/accept`, {
      signerName: "Inès Roux",
      consent: true,
      pdfSha256,
    });
    const owned = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(owned.invoice).toMatchObject({ invoiceNumber: null });

    const refusedQuote = await sentQuote(alice.cookie);
    const refusedLink = await share(alice.cookie, { quoteId: refusedQuote.id });
    const shown = await (await client.get(`/api/public/links/${refusedLink.token}`)).json();
    const refused = await client.post(`/api/public/links/${refusedLink.token}/refuse`, {
      signerName: "Inès Roux",
      reason: "Budget reporté à l'an prochain.",
      pdfSha256: shown.pdfSha256,
    });
    expect(refused.status).toBe(200);
    const refusedOwned = await (
      await call(context, `/api/quotes/${refusedQuote.id}`, { cookie: alice.cookie })
    ).json();
    expect(refusedOwned.status).toBe("refusé");
    const [decision] = await context.database.db
      .select()
      .from(quoteDecisions)
      .where(and(eq(quoteDecisions.quoteId, refusedQuote.id), eq(quoteDecisions.userId, alice.userId)));
    expect(decision).toMatchObject({ decision: "refused", reason: "Budget reporté à l'an prochain." });
    expect(
      (
        await call(context, `/api/client-links/quotes/${refusedQuote.id}/certificate.pdf`, {
          cookie: alice.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("a client link's renders", () => {
  it("take the link's own worker queue, not the freelancer's, and are limited per link whatever the addresses", async () => {
    const quote = await sentQuote(alice.cookie);
    const link = await share(alice.cookie, { quoteId: quote.id });
    const client = asClient(freshIp());
    const { pdfSha256 } = await (await client.get(`/api/public/links/${link.token}`)).json();
    const decision = { signerName: "Inès Roux", consent: true, pdfSha256 };
    expect((await client.post(`/api/public/links/${link.token}/accept`, decision)).status).toBe(200);

    const run = vi.spyOn(workerPool(), "run");
    try {
      const ownCopy = await call(context, `/api/client-links/quotes/${quote.id}/certificate.pdf`, {
        cookie: alice.cookie,
      });
      expect(ownCopy.status).toBe(200);
      const linkCopy = await client.get(`/api/public/links/${link.token}/certificate.pdf`);
      expect(linkCopy.status).toBe(200);
      expect(run.mock.calls.map(([, , options]) => options.owner)).toEqual([alice.userId, `link:${link.id}`]);
    } finally {
      run.mockRestore();
    }

    // Each download from another address: the per-address limit never applies, the link's does.
    for (let download = 2; download <= PUBLIC_LINK_PDFS_PER_MINUTE; download++)
      expect((await asClient(freshIp()).get(`/api/public/links/${link.token}/pdf`)).status).toBe(200);
    const refused = await asClient(freshIp()).get(`/api/public/links/${link.token}/pdf`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toMatch(
      new RegExp(`^Ce document a été téléchargé plus de ${PUBLIC_LINK_PDFS_PER_MINUTE} fois en une minute`),
    );
    // The freelancer's own copy is theirs.
    const ownCopy = await call(context, `/api/client-links/quotes/${quote.id}/certificate.pdf`, {
      cookie: alice.cookie,
    });
    expect(ownCopy.status).toBe(200);
  });
});
