import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { testDatabaseKind } from "../../test/database";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createQuote, transitionQuote } from "./quotes.service";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

const today = parisToday();
const year = today.slice(0, 4);

const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  clientName: "Dupont SARL",
  lines: [
    { description: "Refonte du site", quantity: 3, unitPriceCents: 45000, vatRateBp: 2000 },
    { description: "Formation", quantity: 0.5, unitPriceCents: 8001, vatRateBp: 1000, unit: "jour" },
  ],
  ...overrides,
});

async function createQuoteFor(cookie: string, body: Record<string, unknown> = quoteBody()) {
  const response = await call(context, "/api/quotes", { method: "POST", cookie, body });
  expect(response.status).toBe(201);
  return response.json();
}

const post = (cookie: string, path: string) =>
  call(context, `/api/quotes${path}`, { method: "POST", cookie });

async function accepted(cookie: string, body?: Record<string, unknown>) {
  const quote = await createQuoteFor(cookie, body);
  expect((await post(cookie, `/${quote.id}/send`)).status).toBe(200);
  const response = await post(cookie, `/${quote.id}/accept`);
  expect(response.status).toBe(200);
  return response.json();
}

// pdftotext reads the narrow no-break space of French amounts back as a plain space.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** The text of a PDF as poppler reads it; a PNG of its first page is kept under test-results/ for a look. */
function pdfText(bytes: ArrayBuffer, name: string): string {
  const path = join(tmpdir(), `${name}-${process.pid}.pdf`);
  writeFileSync(path, Buffer.from(bytes));
  mkdirSync("test-results/pdf", { recursive: true });
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "70",
    "-f",
    "1",
    "-l",
    "1",
    path,
    `test-results/pdf/${name}-${testDatabaseKind}`,
  ]);
  const pages = execFileSync("pdfinfo", [path])
    .toString("utf8")
    .match(/Pages:\s+(\d+)/)?.[1];
  return `${spaces(execFileSync("pdftotext", ["-layout", path, "-"]).toString("utf8"))}\n[pages: ${pages}]`;
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.devis@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.devis@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  // Bruno's settings give quotes 15 days; Alice has no identity, so she gets the default 30 days.
  await context.database.db.insert(businessIdentities).values({
    userId: bruno.userId,
    legalName: "Bruno Lefèvre EI",
    siret: "73282932000074",
    addressLine1: "8 rue de la République",
    postalCode: "13001",
    city: "Marseille",
    vatRegime: "assujetti",
    vatNumber: "FR44732829320",
    paymentTermsDays: 45,
    quoteValidityDays: 15,
    invoiceFooter: "Merci de votre confiance.",
  });
});
afterAll(() => context.close());

describe("drafts", () => {
  it("numbers a quote at creation, computes totals on the server and sets the default validity", async () => {
    const first = await createQuoteFor(alice.cookie, { ...quoteBody(), totalCents: 1 });
    const second = await createQuoteFor(alice.cookie);
    expect(first).toMatchObject({
      quoteNumber: expect.stringMatching(new RegExp(`^DEV-${year}-\\d{4}$`)),
      status: "brouillon",
      date: today,
      validUntil: addDays(today, 30),
      subtotalCents: 139001,
      taxCents: 27400,
      totalCents: 166401,
      invoice: null,
    });
    expect(Number(second.quoteNumber.slice(-4))).toBe(Number(first.quoteNumber.slice(-4)) + 1);
    expect(first.lines.map((line: { totalCents: number }) => line.totalCents)).toEqual([135000, 4001]);
    const brunos = await createQuoteFor(bruno.cookie);
    expect(brunos.quoteNumber).toBe(`DEV-${year}-0001`);
    expect(brunos.validUntil).toBe(addDays(today, 15));
  });

  it("refuses bad input with French messages", async () => {
    const response = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody({
        clientName: "",
        lines: [{ description: "", quantity: -1, unitPriceCents: 10, vatRateBp: 1960 }],
      }),
    });
    expect(response.status).toBe(400);
    const messages = (await response.json()).error.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Indiquez le client.",
        "Décrivez la prestation.",
        "La quantité doit être positive.",
        "Taux de TVA non proposé (20 ; 10 ; 5,5 ; 2,1 ou 0 %).",
      ]),
    );
    const inverted = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody({ date: "2026-03-10", validUntil: "2026-03-01" }),
    });
    expect((await inverted.json()).error.issues).toEqual([
      { path: "validUntil", message: "La date de validité ne peut pas précéder la date du devis." },
    ]);
    const empty = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody({ lines: [] }),
    });
    expect((await empty.json()).error.issues).toEqual([
      { path: "lines", message: "Ajoutez au moins une ligne." },
    ]);
    const quote = await createQuoteFor(alice.cookie);
    const backwards = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { validUntil: addDays(today, -1) },
    });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).error.message).toBe(
      "La date de validité ne peut pas précéder la date du devis.",
    );
  });

  it("edits and deletes a draft, links a client of one's own only", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const edited = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: {
        validUntil: addDays(today, 60),
        notes: "Acompte de 30 % à la commande.",
        lines: [{ description: "Audit", quantity: 1, unitPriceCents: 100000, vatRateBp: 1000 }],
      },
    });
    expect(await edited.json()).toMatchObject({
      validUntil: addDays(today, 60),
      notes: "Acompte de 30 % à la commande.",
      subtotalCents: 100000,
      taxCents: 10000,
      totalCents: 110000,
      quoteNumber: quote.quoteNumber,
    });
    const [brunosClient] = await context.database.db
      .insert(clients)
      .values({ userId: bruno.userId, name: "Client de Bruno" })
      .returning();
    const foreign = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { clientId: brunosClient?.id },
    });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.issues).toEqual([
      { path: "clientId", message: "Client introuvable." },
    ]);
    expect(
      (await call(context, `/api/quotes/${quote.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(204);
    expect((await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).status).toBe(404);
  });
});

describe("statuses", () => {
  it("goes brouillon → envoyé → accepté with timestamps, and freezes once sent", async () => {
    const quote = await createQuoteFor(alice.cookie);
    expect((await post(alice.cookie, `/${quote.id}/accept`)).status).toBe(409);
    const sent = await (await post(alice.cookie, `/${quote.id}/send`)).json();
    expect(sent).toMatchObject({ status: "envoyé", sentAt: expect.any(String), acceptedAt: null });
    const again = await post(alice.cookie, `/${quote.id}/send`);
    expect(again.status).toBe(409);
    for (const [method, body] of [
      ["PATCH", { notes: "Trop tard" }],
      ["DELETE", undefined],
    ] as const) {
      const refused = await call(context, `/api/quotes/${quote.id}`, { method, cookie: alice.cookie, body });
      expect(refused.status, method).toBe(409);
      expect((await refused.json()).error.message).toBe(
        "Seul un devis en brouillon peut être modifié ou supprimé : ce devis a déjà été envoyé.",
      );
    }
    const acceptedQuote = await (await post(alice.cookie, `/${quote.id}/accept`)).json();
    expect(acceptedQuote).toMatchObject({ status: "accepté", acceptedAt: expect.any(String) });
    const refuse = await post(alice.cookie, `/${quote.id}/refuse`);
    expect(refuse.status).toBe(409);
    expect((await refuse.json()).error.message).toBe("Seul un devis envoyé peut être marqué comme refusé.");
  });

  it("marks a sent quote as refused", async () => {
    const quote = await createQuoteFor(alice.cookie);
    await post(alice.cookie, `/${quote.id}/send`);
    const refused = await (await post(alice.cookie, `/${quote.id}/refuse`)).json();
    expect(refused).toMatchObject({ status: "refusé", refusedAt: expect.any(String) });
    expect((await post(alice.cookie, `/${quote.id}/convert`)).status).toBe(409);
  });

  it("reads a sent quote past its validity as expiré, which cannot be accepted", async () => {
    const long = Date.now() - 40 * 86_400_000;
    const quote = await createQuote(context.database.db, {
      userId: alice.userId,
      input: { clientName: "Ancien prospect", lines: quoteBody().lines },
      now: new Date(long),
    });
    await transitionQuote(context.database.db, {
      userId: alice.userId,
      id: quote.id,
      to: "send",
      now: new Date(long),
    });
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(read.status).toBe("expiré");
    const accept = await post(alice.cookie, `/${quote.id}/accept`);
    expect(accept.status).toBe(409);
    expect((await accept.json()).error.message).toMatch(
      /^Ce devis a expiré le .* : il ne peut plus être accepté/,
    );

    const expiredList = await (
      await call(context, "/api/quotes?status=expiré&pageSize=100", { cookie: alice.cookie })
    ).json();
    expect(expiredList.items.map((item: { id: string }) => item.id)).toContain(quote.id);
    const sentList = await (
      await call(context, "/api/quotes?status=envoyé&pageSize=100", { cookie: alice.cookie })
    ).json();
    expect(sentList.items.map((item: { id: string }) => item.id)).not.toContain(quote.id);

    // A draft whose validity has passed cannot be sent until its date is moved.
    const stale = await createQuote(context.database.db, {
      userId: alice.userId,
      input: { clientName: "Prospect lent", lines: quoteBody().lines },
      now: new Date(long),
    });
    const send = await post(alice.cookie, `/${stale.id}/send`);
    expect(send.status).toBe(409);
    expect((await send.json()).error.message).toMatch(
      /est dépassée : modifiez-la avant d'envoyer le devis\.$/,
    );
  });
});

describe("conversion to an invoice", () => {
  it("copies the lines into an invoice draft, keeps the link, and refuses a second conversion", async () => {
    const [client] = await context.database.db
      .insert(clients)
      .values({ userId: alice.userId, name: "Atelier Lumière" })
      .returning();
    const quote = await accepted(
      alice.cookie,
      quoteBody({ clientId: client?.id, clientName: "Atelier Lumière" }),
    );
    const response = await post(alice.cookie, `/${quote.id}/convert`);
    expect(response.status).toBe(201);
    const invoice = await response.json();
    expect(invoice).toMatchObject({
      status: "brouillon",
      clientId: client?.id,
      clientName: "Atelier Lumière",
      subtotalCents: quote.subtotalCents,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      notes: expect.stringContaining(quote.quoteNumber),
    });
    expect(
      invoice.lines.map(
        ({ description, quantity, unit, unitPriceCents, vatRateBp }: Record<string, unknown>) => ({
          description,
          quantity,
          unit,
          unitPriceCents,
          vatRateBp,
        }),
      ),
    ).toEqual(
      quote.lines.map(
        ({ description, quantity, unit, unitPriceCents, vatRateBp }: Record<string, unknown>) => ({
          description,
          quantity,
          unit,
          unitPriceCents,
          vatRateBp,
        }),
      ),
    );
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(read.invoice).toEqual({ id: invoice.id, invoiceNumber: null });

    const second = await post(alice.cookie, `/${quote.id}/convert`);
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.error.message).toBe("Ce devis a déjà été converti en facture (brouillon).");
    expect(body.error.issues).toEqual([{ path: "invoiceId", message: invoice.id }]);
  });

  it("keeps one invoice when two conversions race", async () => {
    const quote = await accepted(alice.cookie);
    const responses = await Promise.all([1, 2, 3].map(() => post(alice.cookie, `/${quote.id}/convert`)));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    const list = await (await call(context, "/api/invoices?pageSize=100", { cookie: alice.cookie })).json();
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    const fromQuote = list.items.filter((item: { notes: string | null }) =>
      item.notes?.includes(quote.quoteNumber),
    );
    expect(fromQuote.map((item: { id: string }) => item.id)).toEqual([read.invoice.id]);
  });

  it("refuses to convert a quote that is not accepted", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const response = await post(alice.cookie, `/${quote.id}/convert`);
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      "Seul un devis accepté peut être converti en facture.",
    );
  });
});

describe("list and export", () => {
  it("searches by number or client, filters by status, pages, and exports a French CSV", async () => {
    const target = await createQuoteFor(bruno.cookie, quoteBody({ clientName: "Boulangerie Martin" }));
    await accepted(bruno.cookie, quoteBody({ clientName: "Boulangerie Martin" }));
    const byClient = await (
      await call(context, "/api/quotes?search=boulangerie", { cookie: bruno.cookie })
    ).json();
    expect(byClient.total).toBe(2);
    const byNumber = await (
      await call(context, `/api/quotes?search=${target.quoteNumber}`, { cookie: bruno.cookie })
    ).json();
    expect(byNumber.items.map((item: { id: string }) => item.id)).toEqual([target.id]);
    const acceptedOnly = await (
      await call(context, "/api/quotes?status=accepté&search=Martin", { cookie: bruno.cookie })
    ).json();
    expect(acceptedOnly.total).toBe(1);
    const page = await (
      await call(context, "/api/quotes?pageSize=1&page=2", { cookie: bruno.cookie })
    ).json();
    expect(page).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(page.items).toHaveLength(1);
    const badStatus = await call(context, "/api/quotes?status=payée", { cookie: bruno.cookie });
    expect(badStatus.status).toBe(400);

    const csv = await call(context, "/api/quotes/export.csv?search=Martin", { cookie: bruno.cookie });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(
      /attachment; filename="devis-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Numéro;Client;Date;Valable jusqu'au;Statut;Total HT (€);TVA (€);Total TTC (€);Facture",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(";Accepté;1\u202f390,01;274,00;1\u202f664,01;");
  });
});

describe("PDF", () => {
  it("prints the quote with totals per rate, validity, VAT mention and the Bon pour accord block", async () => {
    const [client] = await context.database.db
      .insert(clients)
      .values({
        userId: bruno.userId,
        name: "Boulangerie Durand SAS",
        addressLine1: "1 place du Marché",
        postalCode: "75004",
        city: "Paris",
        siren: "552100554",
      })
      .returning();
    const quote = await createQuoteFor(
      bruno.cookie,
      quoteBody({ clientId: client?.id, clientName: client?.name, notes: "Acompte de 30 % à la commande." }),
    );
    const response = await call(context, `/api/quotes/${quote.id}/pdf`, { cookie: bruno.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Devis-${quote.quoteNumber}.pdf"`,
    );
    const draft = pdfText(await response.arrayBuffer(), "devis-brouillon");
    expect(draft).toContain("Brouillon — non envoyé");
    await post(bruno.cookie, `/${quote.id}/send`);
    const text = pdfText(
      await (await call(context, `/api/quotes/${quote.id}/pdf`, { cookie: bruno.cookie })).arrayBuffer(),
      "devis-envoye",
    );
    for (const expected of [
      "DEVIS",
      `N° ${quote.quoteNumber}`,
      "Bruno Lefèvre EI",
      "SIRET 73282932000074",
      "N° TVA intracommunautaire : FR44732829320",
      "Boulangerie Durand SAS",
      "Refonte du site",
      `TVA 20 % sur ${formatMoney(135000)}`,
      `TVA 10 % sur ${formatMoney(4001)}`,
      formatMoney(166401),
      `Valable jusqu'au : ${formatDate(addDays(today, 15))}`,
      "Acompte de 30 % à la commande.",
      "Paiement à 45 jours à compter de la date de facture",
      "Bon pour accord",
      "Date, signature et mention « Bon pour accord »",
      "Merci de votre confiance.",
      "Page 1 / 1",
      "[pages: 1]",
    ]) {
      expect(text, expected).toContain(spaces(expected));
    }
    expect(text).not.toContain("Brouillon");
    expect(text).not.toContain("TVA non applicable");
  });

  it("says what is missing when the seller has no identity yet", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const response = await call(context, `/api/quotes/${quote.id}/pdf`, { cookie: alice.cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(
      "Renseignez votre identité dans Paramètres pour générer le PDF.",
    );
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and lists only one's own quotes", async () => {
    const quote = await accepted(alice.cookie, quoteBody({ clientName: "Secret d'Alice" }));
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { clientName: "Intrus" }],
      ["DELETE", "", undefined],
      ["POST", "/send", undefined],
      ["POST", "/accept", undefined],
      ["POST", "/refuse", undefined],
      ["POST", "/convert", undefined],
      ["GET", "/pdf", undefined],
    ] as const) {
      const response = await call(context, `/api/quotes/${quote.id}${path}`, {
        method,
        cookie: bruno.cookie,
        body,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toBe("Devis introuvable.");
    }
    expect((await call(context, "/api/quotes/pas-un-uuid", { cookie: alice.cookie })).status).toBe(404);
    const list = await (await call(context, "/api/quotes?pageSize=100", { cookie: bruno.cookie })).json();
    expect(list.items.some((item: { id: string }) => item.id === quote.id)).toBe(false);
    const csv = await (await call(context, "/api/quotes/export.csv", { cookie: bruno.cookie })).text();
    expect(csv).not.toContain("Secret d'Alice");
    expect((await call(context, "/api/quotes", {})).status).toBe(401);
  });
});
