import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, parisToday } from "@shared/domain/dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../../scripts/postgres-cluster";
import { spawnServer, stopServer, waitForHealth } from "../../../../scripts/server-process";
import { businessIdentities, invoiceReminders } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { postgresUrlOf, testDatabaseKind } from "../../test/database";
import { createTestContext, TEST_APP_URL, TEST_ENV_VARS, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";
import { issueInvoice } from "./invoices.service";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

const completeIdentity = (userId: string) => ({
  userId,
  legalName: "Camille Martin EI",
  siren: "732829320",
  addressLine1: "12 rue des Lilas",
  postalCode: "69003",
  city: "Lyon",
  vatRegime: "assujetti" as const,
  vatNumber: "FR44732829320",
  paymentTermsDays: 30,
  latePenaltyRate: "3 fois le taux d'intérêt légal",
});

const draft = (overrides: Record<string, unknown> = {}) => ({
  clientName: "Dupont SARL",
  typedBuyer: TYPED_BUSINESS,
  lines: [
    { description: "Développement du site", quantity: 3, unitPriceCents: 45000, vatRateBp: 2000 },
    { description: "Formation", quantity: 0.5, unitPriceCents: 8001, vatRateBp: 2000 },
  ],
  ...overrides,
});

async function createDraft(cookie: string, body: Record<string, unknown> = draft()) {
  const response = await call(context, "/api/invoices", { method: "POST", cookie, body });
  expect(response.status).toBe(201);
  return response.json();
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.factures@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.factures@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
});
afterAll(() => context.close());

describe("drafts", () => {
  it("pages the list newest first with the total of every page, even past the last one", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "elise.pages@example.fr" });
    await markPaid(context, userId);
    for (const name of ["Premier", "Deuxième", "Troisième"])
      await createDraft(cookie, draft({ clientName: name }));
    const page = async (n: number) =>
      (await call(context, `/api/invoices?pageSize=2&page=${n}`, { cookie })).json();
    const first = await page(1);
    expect(first.total).toBe(3);
    expect(first.items.map((item: { clientName: string }) => item.clientName)).toEqual([
      "Troisième",
      "Deuxième",
    ]);
    expect((await page(2)).items.map((item: { clientName: string }) => item.clientName)).toEqual(["Premier"]);
    const beyond = await page(3);
    expect(beyond).toMatchObject({ items: [], total: 3 });
  });

  it("computes the totals on the server, whatever the client sends", async () => {
    const invoice = await createDraft(alice.cookie, { ...draft(), totalCents: 1 });
    expect(invoice).toMatchObject({
      status: "brouillon",
      invoiceNumber: null,
      subtotalCents: 139001,
      taxCents: 27800,
      totalCents: 166801,
    });
    expect(invoice.lines.map((line: { totalCents: number }) => line.totalCents)).toEqual([135000, 4001]);
  });

  it("refuses bad lines with French messages", async () => {
    const response = await call(context, "/api/invoices", {
      method: "POST",
      cookie: alice.cookie,
      body: draft({ lines: [{ description: "", quantity: -1, unitPriceCents: 10.5, vatRateBp: 1960 }] }),
    });
    expect(response.status).toBe(400);
    const messages = (await response.json()).error.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Décrivez la prestation.",
        "La quantité doit être positive.",
        "Montant en centimes entiers.",
        "Taux de TVA non proposé (20 ; 10 ; 5,5 ; 2,1 ou 0 %).",
      ]),
    );
    const empty = await call(context, "/api/invoices", {
      method: "POST",
      cookie: alice.cookie,
      body: draft({ lines: [] }),
    });
    expect((await empty.json()).error.issues).toEqual([
      { path: "lines", message: "Ajoutez au moins une ligne." },
    ]);
  });

  it("edits and deletes a draft", async () => {
    const invoice = await createDraft(alice.cookie);
    const edited = await call(context, `/api/invoices/${invoice.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { lines: [{ description: "Audit", quantity: 1, unitPriceCents: 100000, vatRateBp: 1000 }] },
    });
    expect(await edited.json()).toMatchObject({ subtotalCents: 100000, taxCents: 10000, totalCents: 110000 });
    expect(
      (await call(context, `/api/invoices/${invoice.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(204);
    expect((await call(context, `/api/invoices/${invoice.id}`, { cookie: alice.cookie })).status).toBe(404);
  });
});

describe("issuing", () => {
  it("refuses to issue until the seller's legal identity is complete, and says what is missing", async () => {
    const invoice = await createDraft(alice.cookie);
    const refused = await call(context, `/api/invoices/${invoice.id}/issue`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(
      /^Complétez votre identité dans Paramètres avant d'émettre : .*SIREN/,
    );
  });

  it("numbers, freezes, sets the due date and schedules reminders", async () => {
    await context.database.db.insert(businessIdentities).values(completeIdentity(alice.userId));
    const invoice = await createDraft(alice.cookie);
    const issued = await (
      await call(context, `/api/invoices/${invoice.id}/issue`, { method: "POST", cookie: alice.cookie })
    ).json();
    const today = parisToday();
    expect(issued).toMatchObject({
      status: "en-attente",
      invoiceNumber: `INV-${today.slice(0, 4)}-0001`,
      date: today,
      dueDate: addDays(today, 30),
    });
    const reminders = await context.database.db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(reminders.map((reminder) => [reminder.daysBeforeDue, reminder.scheduledFor]).sort()).toEqual(
      [
        [0, addDays(today, 30)],
        [3, addDays(today, 27)],
        [7, addDays(today, 23)],
      ].sort(),
    );

    const edit = await call(context, `/api/invoices/${invoice.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { clientName: "Autre" },
    });
    expect(edit.status).toBe(409);
    expect((await edit.json()).error.message).toBe(
      "Une facture émise ne peut plus être modifiée ni supprimée : annulez-la par un avoir.",
    );
    expect(
      (await call(context, `/api/invoices/${invoice.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(409);
    expect(
      (await call(context, `/api/invoices/${invoice.id}/issue`, { method: "POST", cookie: alice.cookie }))
        .status,
    ).toBe(409);
  });

  it("refuses VAT lines for a seller in franchise en base", async () => {
    await context.database.db
      .insert(businessIdentities)
      .values({ ...completeIdentity(bruno.userId), vatRegime: "franchise", vatNumber: null });
    const invoice = await (
      await call(context, "/api/invoices", { method: "POST", cookie: bruno.cookie, body: draft() })
    ).json();
    const refused = await call(context, `/api/invoices/${invoice.id}/issue`, {
      method: "POST",
      cookie: bruno.cookie,
    });
    expect((await refused.json()).error.message).toBe(
      "En franchise en base de TVA (art. 293 B du CGI), toutes les lignes doivent être à 0 %.",
    );
  });

  it("reads a past-due issued invoice as en-retard", async () => {
    const invoice = await createDraft(alice.cookie);
    await issueInvoice(context.database.db, {
      userId: alice.userId,
      id: invoice.id,
      now: new Date(Date.now() - 45 * 86_400_000),
    });
    const read = await (await call(context, `/api/invoices/${invoice.id}`, { cookie: alice.cookie })).json();
    expect(read.status).toBe("en-retard");
    const bell = await (await call(context, "/api/notifications", { cookie: alice.cookie })).json();
    expect(
      bell.items.some(
        (item: { kind: string; href: string }) =>
          item.kind === "invoice_overdue" && item.href.endsWith(invoice.id),
      ),
    ).toBe(true);
  });
});

describe("payments and credit notes", () => {
  async function issued(cookie: string) {
    const invoice = await createDraft(cookie);
    return (await call(context, `/api/invoices/${invoice.id}/issue`, { method: "POST", cookie })).json();
  }

  it("takes partial then full payment, then stops the reminders", async () => {
    const invoice = await issued(alice.cookie);
    const pay = (amountCents: number) =>
      call(context, `/api/invoices/${invoice.id}/payments`, {
        method: "POST",
        cookie: alice.cookie,
        body: { amountCents, method: "virement" },
      });
    expect(await (await pay(66801)).json()).toMatchObject({ status: "en-attente", paidCents: 66801 });
    const over = await pay(100001);
    expect(over.status).toBe(400);
    expect((await over.json()).error.message).toBe("Le paiement dépasse le reste à payer.");
    expect(await (await pay(100000)).json()).toMatchObject({ status: "payée", paidCents: 166801 });
    const pending = await context.database.db
      .select()
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.invoiceId, invoice.id), eq(invoiceReminders.status, "pending")));
    expect(pending).toEqual([]);
  });

  it("cancels an issued invoice with a credit note of its own series", async () => {
    const invoice = await issued(alice.cookie);
    const creditNote = await (
      await call(context, `/api/invoices/${invoice.id}/cancel`, { method: "POST", cookie: alice.cookie })
    ).json();
    expect(creditNote).toMatchObject({
      kind: "avoir",
      creditedInvoiceId: invoice.id,
      invoiceNumber: `AV-${parisToday().slice(0, 4)}-0001`,
      totalCents: -166801,
    });
    expect(creditNote.lines[0].totalCents).toBe(-135000);
    expect(
      (await (await call(context, `/api/invoices/${invoice.id}`, { cookie: alice.cookie })).json()).status,
    ).toBe("annulée");
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and lists only one's own invoices", async () => {
    const invoice = await createDraft(alice.cookie);
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { clientName: "Intrus" }],
      ["DELETE", "", undefined],
      ["POST", "/issue", undefined],
      ["POST", "/payments", { amountCents: 100 }],
      ["POST", "/cancel", undefined],
      ["POST", "/duplicate", undefined],
    ] as const) {
      const response = await call(context, `/api/invoices/${invoice.id}${path}`, {
        method,
        cookie: bruno.cookie,
        body,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(context, "/api/invoices/pas-un-uuid", { cookie: alice.cookie })).status).toBe(404);
    const list = await (await call(context, "/api/invoices?pageSize=100", { cookie: bruno.cookie })).json();
    expect(list.items.some((item: { id: string }) => item.id === invoice.id)).toBe(false);
  });
});

describe("CSV export", () => {
  let dora: { cookie: string; userId: string };
  const csvLines = async (response: Response) => {
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
  };
  const exportCsv = async (query = "", cookie = dora.cookie) =>
    csvLines(await call(context, `/api/invoices/export.csv${query}`, { cookie }));
  const HEADER =
    "Numéro;Type;Client;Date d'émission;Échéance;Statut;Total HT (€);TVA (€);Total TTC (€);Payé (€);Reste dû (€)";
  // 1 028,75 € HT at 20 %: 205,75 € of VAT, 1 234,50 € TTC.
  const oneLine = (clientName: string) =>
    draft({
      clientName,
      lines: [{ description: "Refonte", quantity: 1, unitPriceCents: 102875, vatRateBp: 2000 }],
    });

  beforeAll(async () => {
    dora = await registerAndConfirm(context, { email: "dora.export@example.fr" });
    await markPaid(context, dora.userId);
    await context.database.db.insert(businessIdentities).values(completeIdentity(dora.userId));
  });

  it("exports every matching invoice, newest first, in French spreadsheet format", async () => {
    const today = parisToday();
    const year = today.slice(0, 4);
    // Oldest first: a partly paid invoice, a cancelled one with its credit note, an overdue one, a draft.
    const paid = await createDraft(dora.cookie, oneLine("Atelier Lumière"));
    await call(context, `/api/invoices/${paid.id}/issue`, { method: "POST", cookie: dora.cookie });
    const payment = await call(context, `/api/invoices/${paid.id}/payments`, {
      method: "POST",
      cookie: dora.cookie,
      body: { amountCents: 23450, method: "virement" },
    });
    expect(payment.status).toBe(200);
    const cancelled = await createDraft(dora.cookie, oneLine('Zèbre; "Rayures" & Co'));
    await call(context, `/api/invoices/${cancelled.id}/issue`, { method: "POST", cookie: dora.cookie });
    const cancel = await call(context, `/api/invoices/${cancelled.id}/cancel`, {
      method: "POST",
      cookie: dora.cookie,
    });
    expect(cancel.status).toBe(201);
    const overdue = await createDraft(dora.cookie, oneLine("Atelier Lumière"));
    const pastIssue = new Date(Date.now() - 45 * 86_400_000);
    await issueInvoice(context.database.db, { userId: dora.userId, id: overdue.id, now: pastIssue });
    await createDraft(dora.cookie, oneLine("Boulangerie Durand"));

    const response = await call(context, "/api/invoices/export.csv", { cookie: dora.cookie });
    expect(response.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="factures-${today}.csv"`);
    const lines = await csvLines(response);
    expect(lines[0]).toBe(HEADER);
    const pastDay = parisToday(pastIssue);
    // Issued 45 days ago: the third of this year's series, or the first of last year's early in January.
    const overdueNumber = pastDay.startsWith(year) ? `INV-${year}-0003` : `INV-${pastDay.slice(0, 4)}-0001`;
    // French amounts: U+202F between thousands, a comma before the cents; the client name is quoted.
    expect(lines.slice(1)).toEqual([
      ";Facture;Boulangerie Durand;;;Brouillon;1\u202f028,75;205,75;1\u202f234,50;0,00;0,00",
      `${overdueNumber};Facture;Atelier Lumière;${pastDay};${addDays(pastDay, 30)};En retard;1\u202f028,75;205,75;1\u202f234,50;0,00;1\u202f234,50`,
      `AV-${year}-0001;Avoir;"Zèbre; ""Rayures"" & Co";${today};;Avoir émis;-1\u202f028,75;-205,75;-1\u202f234,50;0,00;0,00`,
      `INV-${year}-0002;Facture;"Zèbre; ""Rayures"" & Co";${today};${addDays(today, 30)};Annulée;1\u202f028,75;205,75;1\u202f234,50;0,00;0,00`,
      `INV-${year}-0001;Facture;Atelier Lumière;${today};${addDays(today, 30)};En attente;1\u202f028,75;205,75;1\u202f234,50;234,50;1\u202f000,00`,
    ]);
  });

  it("honours the list's search and status filters, over every page", async () => {
    // Type, client and status of each exported row.
    const rows = (lines: string[]) =>
      lines.slice(1).map((line) => {
        const cells = line.split(";");
        return `${cells[1]} ${cells[2]} ${cells[5]}`;
      });
    expect(rows(await exportCsv("?search=lumi%C3%A8re"))).toEqual([
      "Facture Atelier Lumière En retard",
      "Facture Atelier Lumière En attente",
    ]);
    const year = parisToday().slice(0, 4);
    const creditNotes = await exportCsv(`?search=AV-${year}`);
    expect(creditNotes).toHaveLength(2);
    expect(creditNotes[1]).toMatch(new RegExp(`^AV-${year}-0001;Avoir;"Zèbre; ""Rayures"" & Co";`));
    // The overdue invoice is stored en-attente: the list and the export both read it as en-retard.
    expect(rows(await exportCsv("?status=en-retard"))).toEqual(["Facture Atelier Lumière En retard"]);
    expect(rows(await exportCsv("?status=en-attente"))).toEqual(["Facture Atelier Lumière En attente"]);
    const overdue = await (
      await call(context, "/api/invoices?status=en-retard", { cookie: dora.cookie })
    ).json();
    expect(overdue.items.map((item: { status: string }) => item.status)).toEqual(["en-retard"]);
    const pending = await (
      await call(context, "/api/invoices?status=en-attente", { cookie: dora.cookie })
    ).json();
    expect(pending.items.map((item: { paidCents: number }) => item.paidCents)).toEqual([23450]);
    expect(rows(await exportCsv("?status=brouillon&search=durand"))).toEqual([
      "Facture Boulangerie Durand Brouillon",
    ]);
    expect(await exportCsv("?search=personne")).toEqual([HEADER]);
    // The list's paging does not cut the export.
    expect(await exportCsv("?pageSize=1&page=2")).toHaveLength(6);
    const bad = await call(context, "/api/invoices/export.csv?status=perdue", { cookie: dora.cookie });
    expect(bad.status).toBe(400);
  });

  it("exports only the caller's own invoices, and refuses the unpaid and the anonymous", async () => {
    const bruno_ = await exportCsv("", bruno.cookie);
    expect(bruno_.length).toBeGreaterThan(1);
    expect(bruno_.join("\n")).not.toMatch(/Atelier Lumière|Boulangerie Durand|Zèbre/);
    expect((await call(context, "/api/invoices/export.csv")).status).toBe(401);
    const unpaid = await registerAndConfirm(context, { email: "impaye.factures@example.fr" });
    expect((await call(context, "/api/invoices/export.csv", { cookie: unpaid.cookie })).status).toBe(402);
  });
});

describe("duplicating", () => {
  const duplicate = (id: string, cookie = alice.cookie) =>
    call(context, `/api/invoices/${id}/duplicate`, { method: "POST", cookie });

  it("makes a new draft with the same client, project, lines and notes, and nothing of the source's life", async () => {
    const client = await (
      await call(context, "/api/clients", {
        method: "POST",
        cookie: alice.cookie,
        // A French business is invoiced with its SIREN (issue 13).
        body: {
          name: "Studio Nord",
          status: "actif",
          siren: "732829320",
          // Its address is a mandatory mention too (art. 242 nonies A du CGI).
          addressLine1: "2 quai de la Douane",
          postalCode: "29200",
          city: "Brest",
        },
      })
    ).json();
    const project = await (
      await call(context, "/api/projects", {
        method: "POST",
        cookie: alice.cookie,
        body: { name: "Site vitrine", clientId: client.id },
      })
    ).json();
    const source = await createDraft(
      alice.cookie,
      draft({
        clientId: client.id,
        clientName: "Studio Nord",
        projectId: project.id,
        serviceDate: "2025-01-15",
        notes: "Merci pour votre confiance.",
        lines: [
          { description: "Maquettes", quantity: 2.5, unit: "jour", unitPriceCents: 60000, vatRateBp: 2000 },
          { description: "Livre", quantity: 1, unitPriceCents: 4550, vatRateBp: 550 },
        ],
      }),
    );
    await call(context, `/api/invoices/${source.id}/issue`, { method: "POST", cookie: alice.cookie });
    await call(context, `/api/invoices/${source.id}/payments`, {
      method: "POST",
      cookie: alice.cookie,
      body: { amountCents: 10000 },
    });
    const issued = await (await call(context, `/api/invoices/${source.id}`, { cookie: alice.cookie })).json();
    expect(issued).toMatchObject({ status: "en-attente", paidCents: 10000 });

    const response = await duplicate(source.id);
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      kind: "facture",
      status: "brouillon",
      invoiceNumber: null,
      clientId: client.id,
      clientName: "Studio Nord",
      projectId: project.id,
      notes: "Merci pour votre confiance.",
      date: parisToday(),
      serviceDate: null,
      dueDate: null,
      issuedAt: null,
      sentAt: null,
      paymentTerms: null,
      seller: null,
      buyer: null,
      creditedInvoiceId: null,
      paidCents: 0,
      subtotalCents: issued.subtotalCents,
      taxCents: issued.taxCents,
      totalCents: issued.totalCents,
    });
    const copyLines = copy.lines.map(({ id: _id, ...line }: { id: string }) => line);
    expect(copyLines).toEqual(issued.lines.map(({ id: _id, ...line }: { id: string }) => line));
    expect(copyLines.map((line: { description: string }) => line.description)).toEqual([
      "Maquettes",
      "Livre",
    ]);

    const read = await (await call(context, `/api/invoices/${copy.id}`, { cookie: alice.cookie })).json();
    expect(read).toMatchObject({ status: "brouillon", payments: [], lines: copy.lines });
    // The copy is an ordinary draft: editable, and the source is untouched.
    const edited = await call(context, `/api/invoices/${copy.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { notes: "Deuxième commande." },
    });
    expect(edited.status).toBe(200);
    const after = await (await call(context, `/api/invoices/${source.id}`, { cookie: alice.cookie })).json();
    expect(after).toMatchObject({
      status: "en-attente",
      notes: "Merci pour votre confiance.",
      paidCents: 10000,
    });
  });

  it("duplicates a draft too", async () => {
    const source = await createDraft(alice.cookie);
    const copy = await (await duplicate(source.id)).json();
    expect(copy).toMatchObject({ status: "brouillon", invoiceNumber: null, totalCents: source.totalCents });
    expect(copy.id).not.toBe(source.id);
  });

  it("refuses a credit note with a French 409, and another user's invoice with a 404", async () => {
    const source = await createDraft(alice.cookie);
    await call(context, `/api/invoices/${source.id}/issue`, { method: "POST", cookie: alice.cookie });
    const creditNote = await (
      await call(context, `/api/invoices/${source.id}/cancel`, { method: "POST", cookie: alice.cookie })
    ).json();
    expect(creditNote.kind).toBe("avoir");
    const before = (await (await call(context, "/api/invoices?pageSize=1", { cookie: alice.cookie })).json())
      .total;
    const brunoBefore = (
      await (await call(context, "/api/invoices?pageSize=1", { cookie: bruno.cookie })).json()
    ).total;
    const refused = await duplicate(creditNote.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "Un avoir ne peut pas être dupliqué : il annule une facture précise. Dupliquez plutôt une facture.",
    );
    const stranger = await duplicate(source.id, bruno.cookie);
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error.message).toBe("Facture introuvable.");
    const after = (await (await call(context, "/api/invoices?pageSize=1", { cookie: alice.cookie })).json())
      .total;
    expect(after).toBe(before);
    const brunoAfter = (
      await (await call(context, "/api/invoices?pageSize=1", { cookie: bruno.cookie })).json()
    ).total;
    expect(brunoAfter).toBe(brunoBefore);
  });
});

describe("numbering under concurrency", () => {
  it("gives 50 simultaneous issues 50 distinct consecutive numbers, across two server processes", async () => {
    const carol = await registerAndConfirm(context, { email: "carol.numeros@example.fr" });
    await markPaid(context, carol.userId);
    await context.database.db.insert(businessIdentities).values(completeIdentity(carol.userId));
    const drafts = await Promise.all(Array.from({ length: 50 }, () => createDraft(carol.cookie)));

    // On PostgreSQL, a real second server process on the same database takes every other request.
    // PGlite is single-process by design: there, all 50 go to this one.
    const url = postgresUrlOf(context.database);
    expect(Boolean(url)).toBe(testDatabaseKind === "postgres");
    const port = await freePort();
    const second = url
      ? spawnServer("src/server/main.ts", {
          ...TEST_ENV_VARS,
          ARDOISE_SERVE_CLIENT: "false",
          DATABASE_URL: url,
          PORT: String(port),
          DATA_DIR: mkdtempSync(join(tmpdir(), "ardoise-second-")),
        })
      : undefined;
    try {
      if (second) await waitForHealth(`http://127.0.0.1:${port}/api/health`, second);
      const issue = (id: string, index: number) => {
        const init = { method: "POST", headers: { cookie: carol.cookie, origin: TEST_APP_URL } };
        return second && index % 2
          ? fetch(`http://127.0.0.1:${port}/api/invoices/${id}/issue`, init)
          : context.app.request(`/api/invoices/${id}/issue`, init);
      };
      const results = await Promise.all(drafts.map((invoice, index) => issue(invoice.id, index)));
      expect(results.map((response) => response.status)).toEqual(Array(50).fill(200));
      const numbers = await Promise.all(
        results.map(async (response) => (await response.json()).invoiceNumber as string),
      );
      const values = numbers.map((number) => Number(number.split("-")[2])).sort((a, b) => a - b);
      expect(values).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    } finally {
      if (second) await stopServer(second);
    }
  }, 90_000);
});
