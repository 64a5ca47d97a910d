import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../db/schema/index";
import { call, registerAndConfirm, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: string;
let bob: string;
let aliceId: string;

beforeAll(async () => {
  context = await createTestContext();
  const a = await registerPaid(context, { email: "alice.clients@example.fr" });
  const b = await registerPaid(context, { email: "bob.clients@example.fr" });
  alice = a.cookie;
  bob = b.cookie;
  aliceId = a.userId;
});
afterAll(() => context.close());

const create = (cookie: string, body: Record<string, unknown>) =>
  call(context, "/api/clients", { method: "POST", cookie, body });

const issues = async (response: Response) => (await response.json()).error.issues;

describe("clients CRUD", () => {
  it("creates a client with normalised identifiers and phone, then reads, updates and deletes it", async () => {
    const created = await create(alice, {
      name: "Boulangerie Dupont",
      company: "Dupont SARL",
      contactName: "Marie Dupont",
      email: " marie@dupont.fr ",
      phone: "06 12 34 56 78",
      siren: "443 061 841",
      siret: "443 061 841 00047",
      vatNumber: "fr 64 443061841",
      addressLine1: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
    });
    expect(created.status).toBe(201);
    const client = await created.json();
    expect(client).toMatchObject({
      name: "Boulangerie Dupont",
      email: "marie@dupont.fr",
      phone: "+33612345678",
      siren: "443061841",
      siret: "44306184100047",
      vatNumber: "FR64443061841",
      country: "FR",
      isBusiness: true,
      status: "prospect",
      addressLine2: null,
    });

    const detail = await call(context, `/api/clients/${client.id}`, { cookie: alice });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({
      client: { id: client.id },
      totals: { revenueCents: 0, unpaidCents: 0 },
      counts: { invoices: 0, quotes: 0, projects: 0, contracts: 0 },
      invoices: [],
    });

    const updated = await call(context, `/api/clients/${client.id}`, {
      method: "PATCH",
      cookie: alice,
      body: { status: "actif", phone: "+33 1 23 45 67 89", notes: "" },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ status: "actif", phone: "+33123456789", notes: null });

    const deleted = await call(context, `/api/clients/${client.id}`, { method: "DELETE", cookie: alice });
    expect(deleted.status).toBe(204);
    const gone = await call(context, `/api/clients/${client.id}`, { cookie: alice });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("Client introuvable.");
  });

  it("answers French validation messages", async () => {
    const bad = await create(alice, {
      name: "  ",
      email: "pas-un-email",
      siret: "44306184100048",
      vatNumber: "FR65443061841",
      phone: "12 34",
      postalCode: "6900",
    });
    expect(bad.status).toBe(400);
    expect(await issues(bad)).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Indiquez le nom du client." },
        { path: "email", message: "Adresse e-mail invalide" },
        { path: "siret", message: "SIRET invalide : 14 chiffres avec une clé de contrôle valide." },
        { path: "vatNumber", message: "La clé de ce numéro de TVA ne correspond pas au SIREN." },
        { path: "phone", message: "Numéro de téléphone invalide (ex. : 06 12 34 56 78)." },
      ]),
    );
    const badSiren = await create(alice, { name: "X", siren: "123456789" });
    expect(await issues(badSiren)).toEqual([
      { path: "siren", message: "SIREN invalide : 9 chiffres avec une clé de contrôle valide." },
    ]);
    const postal = await create(alice, { name: "X", postalCode: "6900" });
    expect(await issues(postal)).toEqual([
      { path: "postalCode", message: "Code postal invalide (5 chiffres)." },
    ]);
    const mismatch = await create(alice, { name: "X", siren: "732829320", siret: "44306184100047" });
    expect(await issues(mismatch)).toEqual([
      { path: "siret", message: "Le SIRET doit commencer par le SIREN." },
    ]);
    const foreign = await create(alice, { name: "Brussels SA", country: "BE", postalCode: "1000" });
    expect(foreign.status).toBe(201);
    const unknownField = await create(alice, { name: "X", userId: "someone-else" });
    expect(unknownField.status).toBe(400);
    const badStatus = await create(alice, { name: "X", status: "gagné" });
    expect(await issues(badStatus)).toEqual([
      { path: "status", message: "Statut inconnu (prospect, actif ou inactif)." },
    ]);
  });
});

describe("clients list", () => {
  let cookie: string;
  beforeAll(async () => {
    const carol = await registerPaid(context, { email: "carol.clients@example.fr" });
    cookie = carol.cookie;
    for (let index = 1; index <= 25; index++) {
      const response = await create(cookie, {
        name: `Client ${String(index).padStart(2, "0")}`,
        status: index % 5 === 0 ? "actif" : "prospect",
        company: index === 7 ? "Atelier 100% Bois" : null,
        contactName: index === 3 ? "Léa Moreau" : null,
        email: index === 4 ? "compta@exemple-studio.fr" : null,
      });
      expect(response.status).toBe(201);
    }
  });

  const list = async (query: string) => {
    const response = await call(context, `/api/clients${query}`, { cookie });
    expect(response.status).toBe(200);
    return response.json();
  };

  it("pages newest first with the total", async () => {
    const first = await list("");
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0].name).toBe("Client 25");
    const second = await list("?page=2&pageSize=20");
    expect(second.items.map((item: { name: string }) => item.name)).toEqual([
      "Client 05",
      "Client 04",
      "Client 03",
      "Client 02",
      "Client 01",
    ]);
    const tooBig = await call(context, "/api/clients?pageSize=500", { cookie });
    expect(await issues(tooBig)).toEqual([{ path: "pageSize", message: "100 lignes par page au maximum." }]);
  });

  it("searches name, company, e-mail and contact, and filters by status", async () => {
    expect((await list("?search=client%2012")).items.map((item: { name: string }) => item.name)).toEqual([
      "Client 12",
    ]);
    expect((await list("?search=100%25")).items[0].name).toBe("Client 07");
    expect((await list("?search=L%C3%89A")).items[0].name).toBe("Client 03");
    expect((await list("?search=lea%20mor")).items[0].name).toBe("Client 03");
    expect((await list("?search=exemple-studio")).items[0].name).toBe("Client 04");
    expect((await list("?search=_")).total).toBe(0);
    const actifs = await list("?status=actif");
    expect(actifs.total).toBe(5);
    expect(
      (await list("?status=actif&search=client%201")).items.map((item: { name: string }) => item.name),
    ).toEqual(["Client 15", "Client 10"]);
    expect((await list("?status=")).total).toBe(25);
    expect((await call(context, "/api/clients?status=perdu", { cookie })).status).toBe(400);
  });

  it("exports every matching row as a French CSV", async () => {
    const response = await call(context, "/api/clients/export.csv?status=actif", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Nom;Entreprise;Contact;E-mail;Téléphone;/);
    expect(lines[0]).toContain("Chiffre d'affaires encaissé (€)");
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toMatch(/^Client 25;/);
    expect(lines[1]).toContain(";Actif;0,00;0,00;");
  });

  it("shows the pipeline by status", async () => {
    const response = await call(context, "/api/clients/pipeline", { cookie });
    const { columns } = await response.json();
    expect(columns.map((column: { status: string; count: number }) => [column.status, column.count])).toEqual(
      [
        ["prospect", 20],
        ["actif", 5],
        ["inactif", 0],
      ],
    );
    expect(columns[1].clients).toHaveLength(5);
  });
});

describe("money and invoice history", () => {
  it("sums revenue and unpaid amounts, and refuses to delete a client with issued invoices", async () => {
    const client = await (await create(alice, { name: "Studio Graphique", status: "actif" })).json();
    const db = context.database.db;
    const base = { userId: aliceId, clientId: client.id, clientName: "Studio Graphique" };
    await db.insert(invoices).values([
      { ...base, invoiceNumber: "INV-2026-0001", status: "payée", totalCents: 120000, paidCents: 120000 },
      { ...base, invoiceNumber: "INV-2026-0002", status: "en-attente", totalCents: 50000, paidCents: 10000 },
      { ...base, invoiceNumber: "INV-2026-0003", status: "en-retard", totalCents: 30000, paidCents: 0 },
      { ...base, status: "brouillon", totalCents: 99900 },
    ]);
    const detail = await (await call(context, `/api/clients/${client.id}`, { cookie: alice })).json();
    expect(detail.totals).toEqual({ revenueCents: 130000, unpaidCents: 70000 });
    expect(detail.counts.invoices).toBe(4);
    expect(detail.invoices).toHaveLength(4);

    const csv = await (
      await call(context, "/api/clients/export.csv?search=Studio", { cookie: alice })
    ).text();
    expect(csv).toContain(";Actif;1\u202f300,00;700,00;");

    const refused = await call(context, `/api/clients/${client.id}`, { method: "DELETE", cookie: alice });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/factures émises.*conserver l'historique/),
    });
    expect((await call(context, `/api/clients/${client.id}`, { cookie: alice })).status).toBe(200);

    // Only drafts: the client can go, the draft keeps its copy of the name.
    const other = await (await create(alice, { name: "Prospect froid" })).json();
    await db.insert(invoices).values({ userId: aliceId, clientId: other.id, clientName: "Prospect froid" });
    expect(
      (await call(context, `/api/clients/${other.id}`, { method: "DELETE", cookie: alice })).status,
    ).toBe(204);
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and never lists their clients", async () => {
    const mine = await (
      await create(alice, { name: "Client secret d'Alice", email: "secret@alice.fr" })
    ).json();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/clients/${mine.id}`],
      ["PATCH", `/api/clients/${mine.id}`, { name: "Volé" }],
      ["DELETE", `/api/clients/${mine.id}`],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(context, path, { method, cookie: bob, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toBe("Client introuvable.");
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-uuid", "1"]) {
      for (const method of ["GET", "PATCH", "DELETE"]) {
        const response = await call(context, `/api/clients/${id}`, {
          method,
          cookie: alice,
          body: method === "PATCH" ? { name: "X" } : undefined,
        });
        expect(response.status, `${method} ${id}`).toBe(404);
      }
    }
    const bobList = await (await call(context, "/api/clients?search=secret", { cookie: bob })).json();
    expect(bobList.total).toBe(0);
    const bobCsv = await (await call(context, "/api/clients/export.csv", { cookie: bob })).text();
    expect(bobCsv).not.toContain("secret");
    const bobPipeline = await (await call(context, "/api/clients/pipeline", { cookie: bob })).json();
    expect(bobPipeline.columns.every((column: { count: number }) => column.count === 0)).toBe(true);
    const stillMine = await (await call(context, `/api/clients/${mine.id}`, { cookie: alice })).json();
    expect(stillMine.client.name).toBe("Client secret d'Alice");
  });

  it("is closed to anonymous and unpaid callers", async () => {
    expect((await call(context, "/api/clients")).status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "impaye.clients@example.fr" });
    expect((await call(context, "/api/clients", { cookie })).status).toBe(402);
    expect((await call(context, "/api/clients/export.csv", { cookie })).status).toBe(402);
  });
});
