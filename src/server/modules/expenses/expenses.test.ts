import { parisToday } from "@shared/domain/dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, projects } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { png as pngOf } from "../../test/png";
import { createTestContext, TEST_APP_URL, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.depenses@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.depenses@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
});
afterAll(() => context.close());

type Expense = { id: string; [key: string]: unknown };

async function createExpense(cookie: string, body: Record<string, unknown>): Promise<Expense> {
  const response = await call(context, "/api/expenses", { method: "POST", cookie, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

const messagesOf = async (response: Response) =>
  (await response.json()).error.issues.map((issue: { message: string }) => issue.message);

// --- Real file bytes, built here so the tests show exactly what is uploaded. ---

/** A valid 2×2 PNG; `padding` adds an ancillary text chunk to reach a given size. */
const png = (padding = 0) => pngOf(2, 2, [200, 80, 40], padding);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
// A Windows executable's header: what a renamed .exe starts with.
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90), Buffer.from("PE\0\0")]);

function upload(cookie: string, expenseId: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return context.app.request(`/api/expenses/receipt?expenseId=${expenseId}`, {
    method: "POST",
    body: form,
    headers: { origin: TEST_APP_URL, cookie },
  });
}

const receiptFilesOf = (userId: string) =>
  context.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.kind, "receipt")));

describe("access", () => {
  it("answers 401 to an anonymous caller and 402 to an unpaid one", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "depenses.impaye@example.fr" });
    expect((await call(context, "/api/expenses")).status).toBe(401);
    expect((await call(context, "/api/expenses", { cookie })).status).toBe(402);
    expect((await call(context, "/api/expenses", { method: "POST", cookie, body: {} })).status).toBe(402);
  });
});

describe("create, read, update", () => {
  it("creates with defaults and the VAT included in the amount", async () => {
    const expense = await createExpense(alice.cookie, {
      title: "Billet de train Lyon–Paris",
      amountCents: 12000,
    });
    expect(expense).toMatchObject({
      title: "Billet de train Lyon–Paris",
      amountCents: 12000,
      vatRateBp: 2000,
      vatCents: 2000,
      category: "autre",
      status: "pending",
      date: parisToday(),
      receipt: null,
      projectId: null,
    });
    const reduced = await createExpense(alice.cookie, {
      title: "Livre",
      amountCents: 2110,
      vatRateBp: 550,
      category: "formation",
      date: "2025-03-14",
    });
    expect(reduced).toMatchObject({ vatCents: 110, date: "2025-03-14", category: "formation" });
    const typed = await createExpense(alice.cookie, {
      title: "Repas client",
      amountCents: 4590,
      vatCents: 417,
      vatRateBp: 1000,
    });
    expect(typed.vatCents).toBe(417);
    const read = await (await call(context, `/api/expenses/${expense.id}`, { cookie: alice.cookie })).json();
    expect(read).toEqual(expense);
  });

  it("refuses bad input with French messages", async () => {
    const response = await call(context, "/api/expenses", {
      method: "POST",
      cookie: alice.cookie,
      body: { title: " ", amountCents: -5, vatRateBp: 1960, category: "voyage", date: "14/03/2025" },
    });
    expect(response.status).toBe(400);
    expect(await messagesOf(response)).toEqual(
      expect.arrayContaining([
        "Indiquez l'intitulé de la dépense.",
        "Le montant doit être positif.",
        "Taux de TVA non proposé (20 ; 10 ; 5,5 ; 2,1 ou 0 %).",
        "Catégorie inconnue.",
        "Date invalide (AAAA-MM-JJ).",
      ]),
    );
    const tooMuchVat = await call(context, "/api/expenses", {
      method: "POST",
      cookie: alice.cookie,
      body: { title: "Taxi", amountCents: 1000, vatCents: 1001 },
    });
    expect(await messagesOf(tooMuchVat)).toEqual(["La TVA ne peut pas dépasser le montant TTC."]);
  });

  it("patches status and amount (the VAT follows), and checks the merged record", async () => {
    const expense = await createExpense(alice.cookie, {
      title: "Clavier",
      amountCents: 6000,
      category: "materiel",
    });
    const patch = (body: object) =>
      call(context, `/api/expenses/${expense.id}`, { method: "PATCH", cookie: alice.cookie, body });
    expect(await (await patch({ status: "validee" })).json()).toMatchObject({
      status: "validee",
      amountCents: 6000,
      vatCents: 1000,
      category: "materiel",
    });
    expect(await (await patch({ amountCents: 9000 })).json()).toMatchObject({
      amountCents: 9000,
      vatCents: 1500,
    });
    const refused = await patch({ amountCents: 100, vatCents: 200 });
    expect(refused.status).toBe(400);
    const merged = await patch({ amountCents: 1000 });
    expect(await merged.json()).toMatchObject({ amountCents: 1000, vatCents: 167 });
    expect((await patch({ vatCents: 1001 })).status).toBe(400);
  });

  it("records how the expense was paid, changes or clears it, and refuses an unknown method", async () => {
    const expense = await createExpense(alice.cookie, {
      title: "Café client",
      amountCents: 480,
      category: "repas",
      paymentMethod: "especes",
    });
    expect(expense.paymentMethod).toBe("especes");
    expect(
      (await createExpense(alice.cookie, { title: "Sans mode", amountCents: 100 })).paymentMethod,
    ).toBeNull();
    const patch = (body: object) =>
      call(context, `/api/expenses/${expense.id}`, { method: "PATCH", cookie: alice.cookie, body });
    expect((await (await patch({ paymentMethod: "carte" })).json()).paymentMethod).toBe("carte");
    expect((await (await patch({ paymentMethod: null })).json()).paymentMethod).toBeNull();
    const unknown = await patch({ paymentMethod: "bitcoin" });
    expect(unknown.status).toBe(400);
    expect(await messagesOf(unknown)).toEqual(["Mode de paiement inconnu."]);
  });

  it("links only the user's own projects", async () => {
    const [own] = await context.database.db
      .insert(projects)
      .values({ userId: alice.userId, name: "Site vitrine" })
      .returning();
    const [other] = await context.database.db
      .insert(projects)
      .values({ userId: bruno.userId, name: "Projet de Bruno" })
      .returning();
    const linked = await createExpense(alice.cookie, {
      title: "Hébergement du site",
      amountCents: 500,
      projectId: own?.id,
    });
    expect(linked).toMatchObject({ projectId: own?.id, projectName: "Site vitrine" });
    const refused = await call(context, "/api/expenses", {
      method: "POST",
      cookie: alice.cookie,
      body: { title: "Intrusion", amountCents: 500, projectId: other?.id },
    });
    expect(refused.status).toBe(400);
    expect(await messagesOf(refused)).toEqual(["Projet introuvable."]);
  });
});

describe("list and export", () => {
  let carol: { cookie: string; userId: string };
  beforeAll(async () => {
    carol = await registerAndConfirm(context, { email: "carol.depenses@example.fr" });
    await markPaid(context, carol.userId);
    const rows = [
      {
        title: "Hôtel à Nantes",
        supplier: "Ibis",
        amountCents: 123456,
        category: "hebergement",
        date: "2025-05-02",
      },
      {
        title: "Train pour Nantes",
        amountCents: 8900,
        category: "transport",
        date: "2025-05-01",
        status: "validee",
      },
      { title: "=cmd|' /C calc'!A0", amountCents: 100, category: "autre", date: "2025-04-01" },
      ...Array.from({ length: 22 }, (_, index) => ({
        title: `Déjeuner ${index + 1}`,
        amountCents: 1500,
        category: "repas",
        date: `2025-01-${String(index + 1).padStart(2, "0")}`,
        status: "remboursee",
      })),
    ];
    for (const row of rows) await createExpense(carol.cookie, row);
  });

  it("pages latest first, searches without accents, filters by category and status", async () => {
    const list = async (query: string) =>
      (await call(context, `/api/expenses${query}`, { cookie: carol.cookie })).json();
    const first = await list("");
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items.map((item: Expense) => item.title).slice(0, 3)).toEqual([
      "Hôtel à Nantes",
      "Train pour Nantes",
      "=cmd|' /C calc'!A0",
    ]);
    expect((await list("?page=2")).items).toHaveLength(5);
    expect((await list("?search=hotel")).items.map((item: Expense) => item.title)).toEqual([
      "Hôtel à Nantes",
    ]);
    expect((await list("?search=IBIS")).total).toBe(1);
    expect(
      (await list("?search=nantes&category=transport")).items.map((item: Expense) => item.title),
    ).toEqual(["Train pour Nantes"]);
    expect((await list("?status=remboursee")).total).toBe(22);
    expect((await list("?status=&category=")).total).toBe(25);
    const bad = await call(context, "/api/expenses?category=voyage", { cookie: carol.cookie });
    expect(bad.status).toBe(400);
  });

  it("exports the filtered list as a French CSV", async () => {
    const response = await call(context, "/api/expenses/export.csv?category=hebergement", {
      cookie: carol.cookie,
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="depenses-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Response.text() drops a BOM: decode the bytes keeping it, as a spreadsheet sees them.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFDate;Intitulé;Fournisseur;Catégorie;Statut;Montant HT (€);TVA (€);Taux de TVA;Montant TTC (€);Projet;Justificatif;Description",
    );
    expect(lines[1]).toBe(
      "2025-05-02;Hôtel à Nantes;Ibis;Hébergement;À valider;1\u202f028,80;205,76;20 %;1\u202f234,56;;Non;",
    );
    expect(lines).toHaveLength(3);
    const all = await (await call(context, "/api/expenses/export.csv", { cookie: carol.cookie })).text();
    // A formula in a title is neutralised for spreadsheets.
    expect(all).toContain(";'=cmd|' /C calc'!A0;");
  });
});

describe("receipts", () => {
  it("uploads, serves, replaces and removes a receipt through the storage interface", async () => {
    const expense = await createExpense(alice.cookie, {
      title: "Écran",
      amountCents: 24000,
      category: "materiel",
    });
    const uploaded = await upload(alice.cookie, expense.id, png(), "ticket.png", "image/png");
    expect(uploaded.status).toBe(201);
    const withReceipt = await uploaded.json();
    expect(withReceipt.receipt).toMatchObject({
      name: "ticket.png",
      mimeType: "image/png",
      sizeBytes: png().byteLength,
    });

    const served = await call(context, `/api/expenses/${expense.id}/receipt`, { cookie: alice.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''ticket.png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(png()));
    const download = await call(context, `/api/expenses/${expense.id}/receipt?download=1`, {
      cookie: alice.cookie,
    });
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);

    // Over the global 1 MB JSON limit: the upload path has its own 10 MB limit.
    const large = await upload(
      alice.cookie,
      expense.id,
      Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]),
      "facture-hotel.pdf",
      "application/pdf",
    );
    expect(large.status).toBe(201);
    expect((await large.json()).receipt).toMatchObject({
      name: "facture-hotel.pdf",
      mimeType: "application/pdf",
    });
    const remaining = await receiptFilesOf(alice.userId);
    expect(remaining).toHaveLength(1);

    const removed = await call(context, `/api/expenses/${expense.id}/receipt`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect((await removed.json()).receipt).toBeNull();
    expect(await receiptFilesOf(alice.userId)).toHaveLength(0);
    const gone = await call(context, `/api/expenses/${expense.id}/receipt`, { cookie: alice.cookie });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("Aucun justificatif pour cette dépense.");
  });

  it("refuses an EXE disguised as a PDF, and other files, with the French messages", async () => {
    const expense = await createExpense(alice.cookie, {
      title: "Péage",
      amountCents: 1290,
      category: "transport",
    });
    for (const [bytes, name, type, status, message] of [
      [EXE, "facture.pdf", "application/pdf", 415, "Le contenu du fichier ne correspond pas à son type"],
      [EXE, "facture.exe", "application/pdf", 400, "Extension de fichier non autorisée"],
      [
        Buffer.from("note"),
        "note.txt",
        "text/plain",
        415,
        "Type de fichier non autorisé : le justificatif doit être une image JPEG, PNG, WebP ou un PDF",
      ],
      [new Uint8Array(), "vide.pdf", "application/pdf", 400, "Fichier vide non autorisé"],
      [PDF, "facture.2025.pdf", "application/pdf", 400, "Extensions multiples non autorisées"],
    ] as const) {
      const response = await upload(alice.cookie, expense.id, bytes, name, type);
      expect(response.status, name).toBe(status);
      expect((await response.json()).error.message, name).toBe(message);
    }
    const noFile = await context.app.request(`/api/expenses/receipt?expenseId=${expense.id}`, {
      method: "POST",
      body: new FormData(),
      headers: { origin: TEST_APP_URL, cookie: alice.cookie },
    });
    expect(noFile.status).toBe(400);
    expect(
      (await (await call(context, `/api/expenses/${expense.id}`, { cookie: alice.cookie })).json()).receipt,
    ).toBeNull();
  });

  it("deletes the receipt with its expense", async () => {
    const expense = await createExpense(alice.cookie, {
      title: "Formation React",
      amountCents: 50000,
      category: "formation",
    });
    await upload(alice.cookie, expense.id, PDF, "attestation.pdf", "application/pdf");
    expect(await receiptFilesOf(alice.userId)).toHaveLength(1);
    expect(
      (await call(context, `/api/expenses/${expense.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(204);
    expect((await call(context, `/api/expenses/${expense.id}`, { cookie: alice.cookie })).status).toBe(404);
    expect(await receiptFilesOf(alice.userId)).toHaveLength(0);
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and lists only one's own expenses", async () => {
    const expense = await createExpense(alice.cookie, { title: "Secret d'Alice", amountCents: 777 });
    await upload(alice.cookie, expense.id, png(), "secret.png", "image/png");
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { title: "Intrus" }],
      ["DELETE", "", undefined],
      ["GET", "/receipt", undefined],
      ["DELETE", "/receipt", undefined],
    ] as const) {
      const response = await call(context, `/api/expenses/${expense.id}${path}`, {
        method,
        cookie: bruno.cookie,
        body,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toMatch(/^(Dépense introuvable\.|Aucun justificatif)/);
    }
    const stolenUpload = await upload(bruno.cookie, expense.id, png(), "pirate.png", "image/png");
    expect(stolenUpload.status).toBe(404);
    expect(await receiptFilesOf(bruno.userId)).toHaveLength(0);
    expect((await upload(alice.cookie, "pas-un-uuid", png(), "a.png", "image/png")).status).toBe(404);
    expect((await call(context, "/api/expenses/pas-un-uuid", { cookie: alice.cookie })).status).toBe(404);
    const list = await (await call(context, "/api/expenses?pageSize=100", { cookie: bruno.cookie })).json();
    expect(list.items.some((item: Expense) => item.id === expense.id)).toBe(false);
    const csv = await (await call(context, "/api/expenses/export.csv", { cookie: bruno.cookie })).text();
    expect(csv).not.toContain("Secret d'Alice");
    const still = await (await call(context, `/api/expenses/${expense.id}`, { cookie: alice.cookie })).json();
    expect(still).toMatchObject({ title: "Secret d'Alice", receipt: { name: "secret.png" } });
  });
});
