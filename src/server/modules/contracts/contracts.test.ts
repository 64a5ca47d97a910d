import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { call, registerAndConfirm, registerPaid } from "../../test/accounts";
import { pdfText } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: string;
let bob: string;
let aliceId: string;
let clientId: string;

beforeAll(async () => {
  context = await createTestContext();
  const a = await registerPaid(context, { email: "alice.contracts@example.fr" });
  const b = await registerPaid(context, { email: "bob.contracts@example.fr" });
  alice = a.cookie;
  bob = b.cookie;
  aliceId = a.userId;
  const db = context.database.db;
  await db.insert(businessIdentities).values({
    userId: aliceId,
    legalName: "Léa Moreau EI",
    companyName: "Studio Moreau",
    siret: "73282932000074",
    addressLine1: "8 rue de la République",
    postalCode: "13001",
    city: "Marseille",
    email: "lea@studio-moreau.fr",
  });
  const [client] = await db
    .insert(clients)
    .values({
      userId: aliceId,
      name: "Boulangerie Durand",
      company: "Boulangerie Durand SAS",
      contactName: "Paul Durand",
      siren: "552100554",
      addressLine1: "1 place du Marché",
      postalCode: "75004",
      city: "Paris",
    })
    .returning();
  clientId = client?.id ?? "";
});
afterAll(() => context.close());

const create = (cookie: string, body: Record<string, unknown>) =>
  call(context, "/api/contracts", { method: "POST", cookie, body });
const issues = async (response: Response) => (await response.json()).error.issues;
const json = async (response: Response, status = 200) => {
  expect(response.status).toBe(status);
  return response.json();
};
const year = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" }).slice(0, 4);

describe("templates", () => {
  it("lists the three French templates and fills one from the identity, the client and the fields", async () => {
    const templates = await json(await call(context, "/api/contracts/templates", { cookie: alice }));
    expect(templates.map((template: { title: string }) => template.title)).toEqual([
      "Contrat de prestation de services",
      "Contrat de maintenance",
      "Accord de confidentialité",
    ]);
    const rendered = await json(
      await call(context, "/api/contracts/templates/render", {
        method: "POST",
        cookie: alice,
        body: {
          templateId: "prestation",
          clientId,
          amountCents: 450000,
          startDate: "2026-03-01",
          endDate: "2026-06-30",
        },
      }),
    );
    expect(rendered.title).toBe("Contrat de prestation de services");
    const text = rendered.content.replace(/[\u202f\u00a0]/g, " ");
    expect(text).toContain("Léa Moreau EI, exerçant sous le nom commercial Studio Moreau");
    expect(text).toContain("immatriculé sous le numéro SIRET 73282932000074");
    expect(text).toContain("8 rue de la République, 13001 Marseille");
    expect(text).toContain("Boulangerie Durand SAS, immatriculé sous le numéro SIREN 552100554");
    expect(text).toContain("représenté par Paul Durand");
    expect(text).toContain("4 500,00 € hors taxes");
    expect(text).toContain("le 1 mars 2026");
    expect(text).toContain("30 juin 2026");
    expect(text).not.toContain("{{");
    // Without a client the blanks stay visible.
    const blank = await json(
      await call(context, "/api/contracts/templates/render", {
        method: "POST",
        cookie: bob,
        body: { templateId: "confidentialite" },
      }),
    );
    expect(blank.content).toContain("[à compléter]");
    const unknown = await call(context, "/api/contracts/templates/render", {
      method: "POST",
      cookie: alice,
      body: { templateId: "bail" },
    });
    expect(await issues(unknown)).toEqual([{ path: "templateId", message: "Modèle de contrat inconnu." }]);
  });
});

describe("contracts lifecycle", () => {
  it("numbers at creation, edits a draft, moves brouillon → envoyé → signé → terminé and freezes it", async () => {
    const first = await json(
      await create(alice, {
        title: "Accord cadre",
        clientId,
        templateId: "maintenance",
        amountCents: 120000,
      }),
      201,
    );
    expect(first).toMatchObject({
      contractNumber: `CTR-${year}-0001`,
      status: "brouillon",
      clientName: "Boulangerie Durand",
      amountCents: 120000,
      sentAt: null,
    });
    expect(first.content).toContain("## Article 1 – Objet");
    expect(first.content).toContain("Accord cadre");
    const second = await json(await create(alice, { title: "Contrat vierge", content: "Texte libre." }), 201);
    expect(second.contractNumber).toBe(`CTR-${year}-0002`);

    const edited = await json(
      await call(context, `/api/contracts/${second.id}`, {
        method: "PATCH",
        cookie: alice,
        body: {
          title: "Contrat libre",
          startDate: "2026-01-01",
          endDate: "2026-12-31",
          content: "Article unique.",
        },
      }),
    );
    expect(edited).toMatchObject({
      title: "Contrat libre",
      content: "Article unique.",
      endDate: "2026-12-31",
    });

    const skip = await call(context, `/api/contracts/${first.id}/status`, {
      method: "POST",
      cookie: alice,
      body: { status: "signé" },
    });
    expect(skip.status).toBe(409);
    expect((await skip.json()).error.message).toBe(
      "Ce contrat est « Brouillon » : il ne peut passer qu'à « Envoyé ».",
    );

    const move = (status: string) =>
      call(context, `/api/contracts/${first.id}/status`, { method: "POST", cookie: alice, body: { status } });
    const sent = await json(await move("envoyé"));
    expect(sent.status).toBe("envoyé");
    expect(sent.sentAt).toEqual(expect.any(String));

    const frozen = await call(context, `/api/contracts/${first.id}`, {
      method: "PATCH",
      cookie: alice,
      body: { title: "Changé" },
    });
    expect(frozen.status).toBe(409);
    expect((await frozen.json()).error.message).toMatch(/Seul un contrat en brouillon/);
    expect(
      (await call(context, `/api/contracts/${first.id}`, { method: "DELETE", cookie: alice })).status,
    ).toBe(409);

    const signed = await json(await move("signé"));
    expect(signed.signedAt).toEqual(expect.any(String));
    const ended = await json(await move("terminé"));
    expect(ended).toMatchObject({ status: "terminé", endedAt: expect.any(String) });
    const after = await move("terminé");
    expect(after.status).toBe(409);
    expect((await after.json()).error.message).toBe("Ce contrat est terminé : son statut ne change plus.");

    expect(
      (await call(context, `/api/contracts/${second.id}`, { method: "DELETE", cookie: alice })).status,
    ).toBe(204);
    const gone = await call(context, `/api/contracts/${second.id}`, { cookie: alice });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("Contrat introuvable.");
  });

  it("answers French validation messages", async () => {
    const bad = await create(alice, {
      title: "",
      startDate: "2026-05-01",
      endDate: "2026-04-01",
      amountCents: -1,
    });
    expect(bad.status).toBe(400);
    expect(await issues(bad)).toEqual(
      expect.arrayContaining([
        { path: "title", message: "Indiquez le titre du contrat." },
        { path: "amountCents", message: "Le montant ne peut pas être négatif." },
        { path: "endDate", message: "La date de fin doit être postérieure ou égale à la date de début." },
      ]),
    );
    const draft = await json(await create(alice, { title: "Dates", startDate: "2026-05-01" }), 201);
    const patch = await call(context, `/api/contracts/${draft.id}`, {
      method: "PATCH",
      cookie: alice,
      body: { endDate: "2026-04-01" },
    });
    expect(await issues(patch)).toEqual([
      { path: "endDate", message: "La date de fin doit être postérieure ou égale à la date de début." },
    ]);
    const empty = await call(context, `/api/contracts/${draft.id}/status`, {
      method: "POST",
      cookie: alice,
      body: { status: "envoyé" },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe("Rédigez le contenu du contrat avant de l'envoyer.");
    const otherClient = await create(bob, { title: "X", clientId });
    expect(await issues(otherClient)).toEqual([{ path: "clientId", message: "Client introuvable." }]);
  });
});

describe("list, CSV and PDF", () => {
  it("searches, filters and exports", async () => {
    await json(await create(alice, { title: "Maintenance du site", clientId, content: "Texte." }), 201);
    const found = await json(await call(context, "/api/contracts?search=maintenance", { cookie: alice }));
    expect(found.items.map((item: { title: string }) => item.title)).toContain("Maintenance du site");
    expect(found.items[0]).not.toHaveProperty("content");
    const byClient = await json(await call(context, "/api/contracts?search=durand", { cookie: alice }));
    expect(byClient.total).toBeGreaterThanOrEqual(2);
    const ended = await json(await call(context, "/api/contracts?status=terminé", { cookie: alice }));
    expect(ended.items.every((item: { status: string }) => item.status === "terminé")).toBe(true);
    expect((await call(context, "/api/contracts?status=annulé", { cookie: alice })).status).toBe(400);

    const csv = await call(context, "/api/contracts/export.csv?search=maintenance%20du", { cookie: alice });
    expect(csv.headers.get("content-disposition")).toMatch(/filename="contrats-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await csv.text()).replace("\uFEFF", "").trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Numéro;Titre;Client;Projet;Statut;Montant HT \(€\);/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^CTR-${year}-\\d{4};Maintenance du site;Boulangerie Durand;;Brouillon;`),
    );
  });

  it("renders the PDF with parties, the text, both signature blocks and page numbers", async () => {
    const contract = await json(
      await create(alice, {
        title: "Prestation de développement",
        clientId,
        templateId: "prestation",
        amountCents: 450000,
        startDate: "2026-03-01",
        endDate: "2026-06-30",
      }),
      201,
    );
    const response = await call(context, `/api/contracts/${contract.id}/pdf`, { cookie: alice });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Contrat-${contract.contractNumber}.pdf"`,
    );
    const text = pdfText(await response.arrayBuffer(), "contract");
    for (const expected of [
      "Prestation de développement",
      contract.contractNumber,
      "LE PRESTATAIRE",
      "LE CLIENT",
      "Léa Moreau EI",
      "SIRET 73282932000074",
      "Boulangerie Durand SAS",
      "SIREN 552100554",
      "Article 5 – Prix et modalités de paiement",
      "4 500,00 € hors taxes",
      "POUR LE PRESTATAIRE",
      "POUR LE CLIENT",
      "Représenté par Paul Durand",
      "Lu et approuvé",
    ])
      expect(text).toContain(expected);
    const pages = Number(text.match(/\[pages: (\d+)\]/)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(text).toContain("Brouillon — document non définitif");
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and never lists their contracts", async () => {
    const mine = await json(
      await create(alice, { title: "Contrat secret d'Alice", content: "Secret." }),
      201,
    );
    const routes: [string, string, unknown?][] = [
      ["GET", ""],
      ["PATCH", "", { title: "Volé" }],
      ["DELETE", ""],
      ["POST", "/status", { status: "envoyé" }],
      ["GET", "/pdf"],
    ];
    for (const [method, suffix, body] of routes) {
      const response = await call(context, `/api/contracts/${mine.id}${suffix}`, {
        method,
        cookie: bob,
        body,
      });
      expect(response.status, `${method} ${suffix}`).toBe(404);
      expect((await response.json()).error.message).toBe("Contrat introuvable.");
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-uuid"])
      expect((await call(context, `/api/contracts/${id}/pdf`, { cookie: alice })).status).toBe(404);
    const bobList = await json(await call(context, "/api/contracts?search=secret", { cookie: bob }));
    expect(bobList.total).toBe(0);
    const bobCsv = await (await call(context, "/api/contracts/export.csv", { cookie: bob })).text();
    expect(bobCsv).not.toContain("secret");
    // Bob's own numbering starts at 0001: series are per user.
    const his = await json(await create(bob, { title: "Contrat de Bob" }), 201);
    expect(his.contractNumber).toBe(`CTR-${year}-0001`);
    const still = await json(await call(context, `/api/contracts/${mine.id}`, { cookie: alice }));
    expect(still.title).toBe("Contrat secret d'Alice");
  });

  it("is closed to anonymous and unpaid callers", async () => {
    expect((await call(context, "/api/contracts")).status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "impaye.contracts@example.fr" });
    expect((await call(context, "/api/contracts/templates", { cookie })).status).toBe(402);
  });
});
