import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerPaid } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerPaid(context, { email: "alice.urssaf@example.fr" });
  bruno = await registerPaid(context, { email: "bruno.urssaf@example.fr" });
  const db = context.database.db;
  // Alice, under the VAT franchise: 6 000 € received in March 2026 (two payments), 4 000 € on 2 March.
  await insertInvoiceRow(
    db,
    {
      userId: alice.userId,
      invoiceNumber: "F-1",
      status: "payée",
      subtotalCents: 6_000_00,
      totalCents: 6_000_00,
      paidCents: 6_000_00,
      clientName: "Atelier Dupont",
      date: "2026-02-20",
    },
    [
      ["2026-03-05", 2_500_00],
      ["2026-03-31", 3_500_00],
    ],
  );
  await insertInvoiceRow(
    db,
    {
      userId: alice.userId,
      invoiceNumber: "F-2",
      status: "payée",
      subtotalCents: 4_000_00,
      totalCents: 4_000_00,
      paidCents: 4_000_00,
      clientName: "Leroy SA",
      date: "2026-03-01",
    },
    [["2026-03-02", 4_000_00]],
  );
  // Received in April: not in March's declaration.
  await insertInvoiceRow(
    db,
    {
      userId: alice.userId,
      invoiceNumber: "F-3",
      status: "payée",
      subtotalCents: 1_000_00,
      totalCents: 1_000_00,
      paidCents: 1_000_00,
      clientName: "Leroy SA",
      date: "2026-03-25",
    },
    [["2026-04-01", 1_000_00]],
  );
  // Bruno, VAT-registered: 12 000 € TTC received for 10 000 € HT in the first quarter, 21 000 € before.
  await insertInvoiceRow(
    db,
    {
      userId: bruno.userId,
      invoiceNumber: "B-1",
      status: "payée",
      subtotalCents: 10_000_00,
      taxCents: 2_000_00,
      totalCents: 12_000_00,
      paidCents: 12_000_00,
      clientName: "Client B",
      date: "2026-01-10",
    },
    [["2026-02-15", 12_000_00]],
  );
});
afterAll(() => context.close());

const overview = async (cookie: string, day?: string) => {
  const response = await call(context, `/api/urssaf${day ? `?day=${day}` : ""}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};
const save = (cookie: string, body: Record<string, unknown>) =>
  call(context, "/api/urssaf/settings", { method: "PUT", cookie, body });

describe("URSSAF help", () => {
  it("answers 401 to an anonymous caller", async () => {
    expect((await call(context, "/api/urssaf")).status).toBe(401);
  });

  it("computes nothing until the settings are filled", async () => {
    expect(await overview(alice.cookie)).toEqual({
      settings: null,
      suggestedActivity: null,
      declaration: null,
      year: null,
    });
    const refused = await save(alice.cookie, { activity: "bnc", frequency: "annuelle" });
    expect(refused.status).toBe(400);
    const messages = (await refused.json()).error.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["Choisissez votre activité.", "Choisissez la fréquence de vos déclarations."]),
    );
  });

  it("declares March's cash received, BNC with ACRE, computed by the official rules", async () => {
    const settings = {
      activity: "bnc-ssi",
      frequency: "mensuelle",
      creationDate: "2025-10-15",
      hasAcre: true,
      hasVersementLiberatoire: false,
    };
    expect((await save(alice.cookie, settings)).status).toBe(200);
    const march = await overview(alice.cookie, "2026-03-10");
    expect(march.settings).toEqual(settings);
    expect(march.declaration).toMatchObject({
      period: { from: "2026-03-01", to: "2026-03-31", deadline: "2026-04-30", label: "mars 2026" },
      hasAcre: true,
      receivedCents: 10_000_00,
      paymentCount: 3,
      // 10 000 € of BNC in 2026 with ACRE (activity started before July 2026): 12,8 %, CFP 0,2 %.
      figures: {
        declaredTurnoverCents: 10_000_00,
        contributionsCents: 1_280_00,
        cfpCents: 20_00,
        totalCents: 1_300_00,
      },
      previousDay: "2026-02-28",
      nextDay: "2026-04-01",
    });
    // ACRE ends with the third quarter after the start (Q4 2025 → 30 September 2026).
    const october = await overview(alice.cookie, "2026-10-01");
    expect(october.declaration).toMatchObject({ hasAcre: false, receivedCents: 0 });
    // The year: 11 000 € received, under 80 % of every services threshold.
    expect(march.year).toMatchObject({ year: 2026, receivedCents: 11_000_00 });
    expect(march.year.thresholds.map((t: { level: string }) => t.level)).toEqual(["ok", "ok", "ok"]);
  });

  it("declares VAT-excluded turnover, quarterly, with the versement libératoire", async () => {
    await save(bruno.cookie, {
      activity: "services-bic",
      frequency: "trimestrielle",
      creationDate: "2020-01-01",
      hasAcre: true,
      hasVersementLiberatoire: true,
    });
    const q1 = await overview(bruno.cookie, "2026-02-01");
    expect(q1.declaration).toMatchObject({
      period: { from: "2026-01-01", to: "2026-03-31", deadline: "2026-04-30", label: "1er trimestre 2026" },
      // ACRE was granted long ago: its window is over.
      hasAcre: false,
      receivedCents: 10_000_00,
      // 21,2 %, CFP 0,1 %, CCI 0,044 % (4,40 € rounded), versement libératoire 1,7 %.
      figures: {
        contributionsCents: 2_120_00,
        cfpCents: 10_00,
        chamberTaxCents: 4_00,
        versementLiberatoireCents: 170_00,
        totalCents: 2_304_00,
      },
    });
    expect(alice.userId).not.toBe(bruno.userId);
  });

  it("shows the declaration to make next by default and keeps each user's payments apart", async () => {
    const current = await overview(bruno.cookie);
    expect(current.declaration.period.deadline >= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(current.declaration.nextDay).toBeNull();
  });

  it("puts the next deadline in the calendar feed, with the turnover received so far", async () => {
    const { feed } = await (
      await call(context, "/api/integrations/calendar", { method: "POST", cookie: bruno.cookie })
    ).json();
    const ics = await (await call(context, new URL(feed.url).pathname)).text();
    const deadline = (await overview(bruno.cookie)).declaration.period.deadline.replaceAll("-", "");
    expect(ics).toContain(`DTSTART;VALUE=DATE:${deadline}`);
    expect(ics).toContain("SUMMARY:Déclaration URSSAF");
    expect(ics).toContain("/app/urssaf");
  });
});
