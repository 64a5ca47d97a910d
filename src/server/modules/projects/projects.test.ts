import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts, invoices, quotes } from "../../db/schema/index";
import { call, registerAndConfirm, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: string;
let bob: string;
let aliceId: string;

beforeAll(async () => {
  context = await createTestContext();
  const a = await registerPaid(context, { email: "alice.projects@example.fr" });
  const b = await registerPaid(context, { email: "bob.projects@example.fr" });
  alice = a.cookie;
  bob = b.cookie;
  aliceId = a.userId;
});
afterAll(() => context.close());

const create = (cookie: string, body: Record<string, unknown>) =>
  call(context, "/api/projects", { method: "POST", cookie, body });
const issues = async (response: Response) => (await response.json()).error.issues;
const json = async (response: Response, status = 200) => {
  expect(response.status).toBe(status);
  return response.json();
};

describe("projects CRUD", () => {
  it("creates a project en cours by default, links its client, reads, updates and deletes it", async () => {
    const client = await json(
      await call(context, "/api/clients", {
        method: "POST",
        cookie: alice,
        body: { name: "Atelier Lumière" },
      }),
      201,
    );
    const project = await json(
      await create(alice, {
        name: "  Refonte du site  ",
        description: "Site vitrine et boutique",
        clientId: client.id,
        budgetCents: 800000,
        hourlyRateCents: 6000,
        startDate: "2026-03-01",
        endDate: "2026-05-31",
      }),
      201,
    );
    expect(project).toMatchObject({
      name: "Refonte du site",
      status: "en-cours",
      clientId: client.id,
      clientName: "Atelier Lumière",
      budgetCents: 800000,
      taskCount: 0,
      doneTaskCount: 0,
    });

    const detail = await json(await call(context, `/api/projects/${project.id}`, { cookie: alice }));
    expect(detail).toMatchObject({
      project: { id: project.id },
      tasks: [],
      totals: { invoicedCents: 0, paidCents: 0 },
      invoices: [],
      quotes: [],
      contracts: [],
    });

    const updated = await json(
      await call(context, `/api/projects/${project.id}`, {
        method: "PATCH",
        cookie: alice,
        body: { status: "en-pause", description: "", clientId: null },
      }),
    );
    expect(updated).toMatchObject({
      status: "en-pause",
      description: null,
      clientId: null,
      clientName: null,
    });

    expect(
      (await call(context, `/api/projects/${project.id}`, { method: "DELETE", cookie: alice })).status,
    ).toBe(204);
    const gone = await call(context, `/api/projects/${project.id}`, { cookie: alice });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("Projet introuvable.");
  });

  it("answers French validation messages", async () => {
    const bad = await create(alice, {
      name: " ",
      status: "fini",
      budgetCents: -5,
      startDate: "2026-05-01",
      endDate: "2026-04-01",
    });
    expect(bad.status).toBe(400);
    expect(await issues(bad)).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Indiquez le nom du projet." },
        { path: "status", message: "Statut inconnu (en cours, en pause ou terminé)." },
        { path: "budgetCents", message: "Le montant ne peut pas être négatif." },
      ]),
    );
    const dates = await create(alice, { name: "X", startDate: "2026-05-01", endDate: "2026-04-01" });
    expect(await issues(dates)).toEqual([
      { path: "endDate", message: "La date de fin doit être postérieure ou égale à la date de début." },
    ]);
    // The order holds on the merged record too.
    const project = await json(await create(alice, { name: "Dates", startDate: "2026-05-01" }), 201);
    const patch = await call(context, `/api/projects/${project.id}`, {
      method: "PATCH",
      cookie: alice,
      body: { endDate: "2026-04-30" },
    });
    expect(patch.status).toBe(400);
    expect(await issues(patch)).toEqual([
      { path: "endDate", message: "La date de fin doit être postérieure ou égale à la date de début." },
    ]);
    const foreignClient = await create(alice, {
      name: "X",
      clientId: "00000000-0000-4000-8000-000000000000",
    });
    expect(await issues(foreignClient)).toEqual([{ path: "clientId", message: "Client introuvable." }]);
  });
});

describe("tasks", () => {
  it("adds, renames, changes status, reorders and deletes tasks", async () => {
    const project = await json(await create(alice, { name: "Application mobile" }), 201);
    const base = `/api/projects/${project.id}/tasks`;
    const add = async (body: Record<string, unknown>) =>
      json(await call(context, base, { method: "POST", cookie: alice, body }), 201);
    const maquettes = await add({ title: "Maquettes", dueDate: "2026-04-10" });
    const api = await add({ title: "API" });
    const tests = await add({ title: "Tests", status: "en-cours" });
    expect([maquettes.position, api.position, tests.position]).toEqual([0, 1, 2]);
    expect(maquettes).toMatchObject({ status: "a-faire", dueDate: "2026-04-10" });

    const renamed = await json(
      await call(context, `${base}/${api.id}`, {
        method: "PATCH",
        cookie: alice,
        body: { title: "API REST", status: "terminee", dueDate: "" },
      }),
    );
    expect(renamed).toMatchObject({ title: "API REST", status: "terminee", dueDate: null });

    const reordered = await json(
      await call(context, `${base}/order`, {
        method: "PUT",
        cookie: alice,
        body: { taskIds: [tests.id, maquettes.id, api.id] },
      }),
    );
    expect(reordered.map((task: { title: string }) => task.title)).toEqual([
      "Tests",
      "Maquettes",
      "API REST",
    ]);
    const stale = await call(context, `${base}/order`, {
      method: "PUT",
      cookie: alice,
      body: { taskIds: [tests.id, maquettes.id] },
    });
    expect(stale.status).toBe(409);

    const detail = await json(await call(context, `/api/projects/${project.id}`, { cookie: alice }));
    expect(detail.project).toMatchObject({ taskCount: 3, doneTaskCount: 1 });
    expect(detail.tasks.map((task: { title: string }) => task.title)).toEqual([
      "Tests",
      "Maquettes",
      "API REST",
    ]);

    expect((await call(context, `${base}/${tests.id}`, { method: "DELETE", cookie: alice })).status).toBe(
      204,
    );
    const left = await json(await call(context, base, { cookie: alice }));
    expect(left.map((task: { title: string }) => task.title)).toEqual(["Maquettes", "API REST"]);

    const empty = await call(context, base, { method: "POST", cookie: alice, body: { title: "" } });
    expect(await issues(empty)).toEqual([{ path: "title", message: "Indiquez l'intitulé de la tâche." }]);
    const badStatus = await call(context, `${base}/${api.id}`, {
      method: "PATCH",
      cookie: alice,
      body: { status: "fait" },
    });
    expect(await issues(badStatus)).toEqual([
      { path: "status", message: "Statut inconnu (à faire, en cours ou terminée)." },
    ]);
    const unknownTask = await call(context, `${base}/pas-un-uuid`, { method: "DELETE", cookie: alice });
    expect(unknownTask.status).toBe(404);
    expect((await unknownTask.json()).error.message).toBe("Tâche introuvable.");
  });
});

describe("related records and budget", () => {
  it("sums the standing invoices of the project excluding VAT and lists its invoices, quotes and contracts", async () => {
    const project = await json(await create(alice, { name: "Identité visuelle", budgetCents: 500000 }), 201);
    const db = context.database.db;
    const base = { userId: aliceId, projectId: project.id, clientName: "Studio" };
    await db.insert(invoices).values([
      {
        ...base,
        invoiceNumber: "INV-2026-0101",
        status: "payée",
        subtotalCents: 100000,
        totalCents: 120000,
        paidCents: 120000,
      },
      {
        ...base,
        invoiceNumber: "INV-2026-0102",
        status: "en-attente",
        subtotalCents: 25000,
        totalCents: 30000,
        paidCents: 0,
      },
      { ...base, invoiceNumber: "INV-2026-0103", status: "annulée", subtotalCents: 99000, totalCents: 99000 },
      { ...base, status: "brouillon", subtotalCents: 45000, totalCents: 45000 },
    ]);
    await db.insert(quotes).values({ userId: aliceId, projectId: project.id, quoteNumber: "DEV-2026-0001" });
    await db.insert(contracts).values({ userId: aliceId, projectId: project.id, title: "Contrat cadre" });
    const detail = await json(await call(context, `/api/projects/${project.id}`, { cookie: alice }));
    expect(detail.totals).toEqual({ invoicedCents: 125000, paidCents: 120000 });
    expect(detail.invoices).toHaveLength(4);
    expect(detail.quotes).toHaveLength(1);
    expect(detail.contracts).toEqual([expect.objectContaining({ title: "Contrat cadre" })]);
  });
});

describe("projects list", () => {
  let cookie: string;
  beforeAll(async () => {
    const carol = await registerPaid(context, { email: "carol.projects@example.fr" });
    cookie = carol.cookie;
    const client = await json(
      await call(context, "/api/clients", { method: "POST", cookie, body: { name: "Boulangerie Dupont" } }),
      201,
    );
    for (let index = 1; index <= 23; index++) {
      await json(
        await create(cookie, {
          name: `Projet ${String(index).padStart(2, "0")}`,
          status: index % 4 === 0 ? "terminé" : index % 5 === 0 ? "active" : "en-cours",
          clientId: index === 7 ? client.id : null,
          description: index === 3 ? "Création d'une boutique en ligne" : null,
          budgetCents: index === 8 ? 123456 : null,
        }),
        201,
      );
    }
  });
  const list = async (query: string) => json(await call(context, `/api/projects${query}`, { cookie }));

  it("pages newest first, searches and filters by status", async () => {
    const first = await list("");
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.items[0].name).toBe("Projet 23");
    expect((await list("?page=2")).items).toHaveLength(3);
    expect((await list("?search=BOUTIQUE")).items.map((item: { name: string }) => item.name)).toEqual([
      "Projet 03",
    ]);
    expect((await list("?search=dupont")).items.map((item: { name: string }) => item.name)).toEqual([
      "Projet 07",
    ]);
    expect((await list("?status=terminé")).total).toBe(5);
    // 'active' (the assistant's) and 'en-cours' are one state, « En cours »: either filter lists both.
    expect((await list("?status=en-cours")).total).toBe(18);
    expect((await list("?status=active")).total).toBe(18);
    expect((await list("?status=")).total).toBe(23);
    expect((await call(context, "/api/projects?status=fini", { cookie })).status).toBe(400);
  });

  it("exports a French CSV", async () => {
    const response = await call(context, "/api/projects/export.csv?search=projet%2008", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/filename="projets-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Projet;Client;Statut;Budget \(€\);/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Projet 08;;Terminé;1\u202f234,56;");
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and never lists their projects", async () => {
    const mine = await json(await create(alice, { name: "Projet secret d'Alice" }), 201);
    const task = await json(
      await call(context, `/api/projects/${mine.id}/tasks`, {
        method: "POST",
        cookie: alice,
        body: { title: "T" },
      }),
      201,
    );
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/projects/${mine.id}`],
      ["PATCH", `/api/projects/${mine.id}`, { name: "Volé" }],
      ["DELETE", `/api/projects/${mine.id}`],
      ["GET", `/api/projects/${mine.id}/tasks`],
      ["POST", `/api/projects/${mine.id}/tasks`, { title: "Intrus" }],
      ["PUT", `/api/projects/${mine.id}/tasks/order`, { taskIds: [task.id] }],
      ["PATCH", `/api/projects/${mine.id}/tasks/${task.id}`, { title: "Volé" }],
      ["DELETE", `/api/projects/${mine.id}/tasks/${task.id}`],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(context, path, { method, cookie: bob, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // Bob's own project cannot reach Alice's task either.
    const his = await json(await create(bob, { name: "Projet de Bob" }), 201);
    const crossed = await call(context, `/api/projects/${his.id}/tasks/${task.id}`, {
      method: "PATCH",
      cookie: bob,
      body: { title: "Volé" },
    });
    expect(crossed.status).toBe(404);
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-uuid"]) {
      expect((await call(context, `/api/projects/${id}`, { cookie: alice })).status).toBe(404);
    }
    const bobList = await json(await call(context, "/api/projects?search=secret", { cookie: bob }));
    expect(bobList.total).toBe(0);
    const bobCsv = await (await call(context, "/api/projects/export.csv", { cookie: bob })).text();
    expect(bobCsv).not.toContain("secret");
    const still = await json(await call(context, `/api/projects/${mine.id}`, { cookie: alice }));
    expect(still.tasks).toEqual([expect.objectContaining({ title: "T" })]);
  });

  it("is closed to anonymous and unpaid callers", async () => {
    expect((await call(context, "/api/projects")).status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "impaye.projects@example.fr" });
    expect((await call(context, "/api/projects", { cookie })).status).toBe(402);
  });
});
