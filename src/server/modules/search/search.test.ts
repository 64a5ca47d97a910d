import { fold } from "@shared/fold";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, contracts, invoices, projects, quotes } from "../../db/schema/index";
import { call, registerAndConfirm, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  context = await createTestContext();
  const a = await registerPaid(context, { email: "alice.search@example.fr" });
  const b = await registerPaid(context, { email: "bob.search@example.fr" });
  alice = a.cookie;
  bob = b.cookie;
  aliceId = a.userId;
  bobId = b.userId;
  const db = context.database.db;
  const [lumiere] = await db
    .insert(clients)
    .values([
      { userId: a.userId, name: "Atelier Lumière", email: "contact@lumiere.fr", siren: "552100554" },
      { userId: a.userId, name: "Boulangerie Éclair", email: "pain@eclair.fr" },
      { userId: a.userId, name: "Studio Aurore Lumineuse" },
      { userId: a.userId, name: "Allumiette" },
      { userId: a.userId, name: "Lumina" },
    ])
    .returning();
  await db.insert(clients).values({ userId: b.userId, name: "Lumière de Bob", siren: "732829320" });
  await db.insert(invoices).values([
    {
      userId: a.userId,
      clientId: lumiere?.id,
      clientName: "Atelier Lumière",
      invoiceNumber: "F-2026-0007",
      date: "2026-03-01",
      status: "en-attente",
      totalCents: 120_000,
    },
    {
      userId: a.userId,
      clientName: "Atelier Lumière",
      invoiceNumber: "F-2026-0009",
      date: "2026-04-01",
      status: "en-attente",
      totalCents: 60_000,
    },
    { userId: a.userId, clientName: "Atelier Lumière", date: "2026-05-01", totalCents: 1_000 },
    {
      userId: a.userId,
      clientName: "Atelier Lumière",
      invoiceNumber: "AV-2026-0001",
      kind: "avoir",
      date: "2026-04-02",
      status: "payée",
      totalCents: -60_000,
    },
    {
      userId: b.userId,
      clientName: "Lumière de Bob",
      invoiceNumber: "F-2026-0007",
      date: "2026-03-01",
      status: "en-attente",
    },
  ]);
  await db.insert(invoices).values(
    Array.from({ length: 8 }, (_, index) => ({
      userId: a.userId,
      clientName: "Éclair",
      invoiceNumber: `F-2025-${String(index + 1).padStart(4, "0")}`,
      date: `2025-0${index + 1}-15`,
      status: "payée" as const,
    })),
  );
  await db.insert(quotes).values([
    { userId: a.userId, clientName: "Atelier Lumière", quoteNumber: "DEV-2026-0003", date: "2026-02-01" },
    { userId: b.userId, clientName: "Lumière de Bob", quoteNumber: "DEV-2026-0003" },
  ]);
  await db.insert(projects).values([
    { userId: a.userId, name: "Refonte du site Lumière" },
    { userId: b.userId, name: "Site Lumière de Bob" },
  ]);
  await db.insert(contracts).values([
    { userId: a.userId, title: "Contrat cadre « Lumière »", contractNumber: "CT-2026-0001" },
    { userId: b.userId, title: "Contrat Lumière de Bob" },
  ]);
});
afterAll(() => context.close());

const search = async (cookie: string, q: string) => {
  const response = await call(context, `/api/search?q=${encodeURIComponent(q)}`, { cookie });
  expect(response.status).toBe(200);
  return response.json();
};

describe("GET /api/search", () => {
  it("finds the user's records of every kind, ignoring case and accents, and never another user's", async () => {
    const results = await search(alice, "LUMIERE");
    expect(results.clients).toEqual([
      expect.objectContaining({ name: "Atelier Lumière", email: "contact@lumiere.fr", siren: "552100554" }),
    ]);
    expect(results.invoices.map((invoice: { number: string | null }) => invoice.number)).toEqual([
      null,
      "AV-2026-0001",
      "F-2026-0009",
      "F-2026-0007",
    ]);
    expect(results.invoices[1]).toMatchObject({ isCreditNote: true, clientName: "Atelier Lumière" });
    expect(results.quotes).toEqual([
      expect.objectContaining({ number: "DEV-2026-0003", clientName: "Atelier Lumière", date: "2026-02-01" }),
    ]);
    expect(results.projects).toEqual([expect.objectContaining({ name: "Refonte du site Lumière" })]);
    expect(results.contracts).toEqual([
      expect.objectContaining({ title: "Contrat cadre « Lumière »", number: "CT-2026-0001" }),
    ]);
    const everything = JSON.stringify(results);
    expect(everything).not.toContain("Bob");
    expect(JSON.stringify(await search(bob, "atelier"))).toBe(
      JSON.stringify({ clients: [], invoices: [], quotes: [], projects: [], contracts: [] }),
    );
  });

  it("matches a number, an e-mail, a SIREN and the middle of a word", async () => {
    expect((await search(alice, "2026-0007")).invoices).toEqual([
      expect.objectContaining({ number: "F-2026-0007", totalCents: 120_000, date: "2026-03-01" }),
    ]);
    expect((await search(alice, "pain@ecl")).clients).toEqual([
      expect.objectContaining({ name: "Boulangerie Éclair", email: "pain@eclair.fr" }),
    ]);
    expect((await search(alice, "552100554")).clients).toEqual([
      expect.objectContaining({ name: "Atelier Lumière", siren: "552100554" }),
    ]);
    expect((await search(alice, "mineu")).clients).toEqual([
      expect.objectContaining({ name: "Studio Aurore Lumineuse" }),
    ]);
  });

  it("keeps five per kind, best first: the text's start, then a word's start, then the latest", async () => {
    expect((await search(alice, "lumi")).clients.map((client: { name: string }) => client.name)).toEqual([
      "Lumina",
      "Atelier Lumière",
      "Studio Aurore Lumineuse",
      "Allumiette",
    ]);
    // Eight invoices to « Éclair », all matching at a word's start (after their number): the five latest.
    expect(
      (await search(alice, "éclair")).invoices.map((invoice: { number: string }) => invoice.number),
    ).toEqual(["F-2025-0008", "F-2025-0007", "F-2025-0006", "F-2025-0005", "F-2025-0004"]);
    expect(
      (await search(alice, "f-2026")).invoices.map((invoice: { number: string }) => invoice.number),
    ).toEqual(["F-2026-0009", "F-2026-0007"]);
  });

  it("matches two characters at the start of a word only", async () => {
    const results = await search(alice, "au");
    expect(results.clients.map((client: { name: string }) => client.name)).toEqual([
      "Studio Aurore Lumineuse",
    ]);
    expect((await search(alice, "ur")).clients).toEqual([]);
  });

  it("answers a repeated search with the user's data as it is now", async () => {
    expect((await search(alice, "zéphyr")).clients).toEqual([]);
    await context.database.db.insert(clients).values({ userId: aliceId, name: "Zéphyr Conseil" });
    expect((await search(alice, "zéphyr")).clients).toEqual([
      expect.objectContaining({ name: "Zéphyr Conseil" }),
    ]);
    await context.database.db.execute(sql`delete from clients where name = 'Zéphyr Conseil'`);
    expect((await search(alice, "zéphyr")).clients).toEqual([]);
  });

  it("takes the user's %, _ and \\ literally", async () => {
    const results = await search(alice, "%_%");
    expect(results).toEqual({ clients: [], invoices: [], quotes: [], projects: [], contracts: [] });
  });

  it("refuses a search under 2 or over 100 characters, in French", async () => {
    for (const [q, message] of [
      [" a ", "Saisissez au moins 2 caractères."],
      ["x".repeat(101), "La recherche est limitée à 100 caractères."],
    ]) {
      const response = await call(context, `/api/search?q=${encodeURIComponent(q ?? "")}`, { cookie: alice });
      expect(response.status).toBe(400);
      expect((await response.json()).error.issues).toEqual([expect.objectContaining({ path: "q", message })]);
    }
    const missing = await call(context, "/api/search", { cookie: alice });
    expect(missing.status).toBe(400);
  });

  it("answers 401 anonymous and 402 unpaid", async () => {
    expect((await call(context, "/api/search?q=lumiere")).status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "impaye.search@example.fr" });
    expect((await call(context, "/api/search?q=lumiere", { cookie })).status).toBe(402);
  });

  it("search functions (SECURITY DEFINER) return the tenant's rows only, and nothing without a tenant", async () => {
    const namesSeenBy = (tenant: string | null) =>
      context.database.db.transaction(async (tx) => {
        // As a request runs: app_user, with or without withTenant's setting.
        await tx.execute(sql`select set_config('role', 'app_user', true)`);
        if (tenant !== null) await tx.execute(sql`select set_config('app.user_id', ${tenant}, true)`);
        const { rows } = (await tx.execute(
          sql`select name from search_clients('%lumi%') order by name`,
        )) as unknown as { rows: { name: string }[] };
        return rows.map((row) => row.name);
      });
    expect(await namesSeenBy(aliceId)).toEqual([
      "Allumiette",
      "Atelier Lumière",
      "Lumina",
      "Studio Aurore Lumineuse",
    ]);
    expect(await namesSeenBy(bobId)).toEqual(["Lumière de Bob"]);
    expect(await namesSeenBy(null)).toEqual([]);
    expect(await namesSeenBy("")).toEqual([]);
  });

  it("folds text in SQL as src/shared/fold.ts does, so the search text and the term always agree", async () => {
    const characters = Array.from({ length: 0x250 - 0xc0 }, (_, index) => String.fromCharCode(0xc0 + index));
    characters.push(..."ÉCOLE’‘«»“”–— \u00a0\u202f\u2009");
    const { rows } = (await context.database.db.execute(
      sql`select search_fold(${characters.join("")}) as folded`,
    )) as unknown as { rows: { folded: string }[] };
    expect(rows[0]?.folded).toBe(fold(characters.join("")));
  });
});
