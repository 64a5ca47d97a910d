import { addDays, parisToday } from "@shared/domain/dates";
import type { InvoiceReminderDto } from "@shared/schemas/invoices";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, invoiceReminders } from "../../db/schema/index";
import { call, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerPaid(context, { email: "alice.relances@example.fr" });
  bruno = await registerPaid(context, { email: "bruno.relances@example.fr" });
  await context.database.db.insert(businessIdentities).values({
    userId: alice.userId,
    legalName: "Camille Martin EI",
    siren: "732829320",
    addressLine1: "12 rue des Lilas",
    postalCode: "69003",
    city: "Lyon",
    vatRegime: "assujetti",
    vatNumber: "FR44732829320",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
  // Two sign-ups with their checkout: longer than the default hook time on a loaded machine.
}, 180_000);
afterAll(() => context.close());

const remindersOf = async (id: string, cookie: string) =>
  call(context, `/api/invoices/${id}/reminders`, { cookie });

describe("an invoice's reminders (GET /api/invoices/:id/reminders)", () => {
  it("lists the 7 / 3 / 0-day reminders with their dates, then which were sent and which cancelled", async () => {
    const draft = await (
      await call(context, "/api/invoices", {
        method: "POST",
        cookie: alice.cookie,
        body: {
          clientName: "Dupont SARL",
          typedBuyer: TYPED_BUSINESS,
          lines: [{ description: "Audit", quantity: 2, unitPriceCents: 50_000, vatRateBp: 2000 }],
        },
      })
    ).json();
    // A draft has none planned yet.
    expect(await (await remindersOf(draft.id, alice.cookie)).json()).toEqual({ items: [] });
    await call(context, `/api/invoices/${draft.id}/issue`, { method: "POST", cookie: alice.cookie });

    const today = parisToday();
    const planned = (await (await remindersOf(draft.id, alice.cookie)).json()).items as InvoiceReminderDto[];
    expect(
      planned.map(({ daysBeforeDue, scheduledFor, status, sentAt }) => ({
        daysBeforeDue,
        scheduledFor,
        status,
        sentAt,
      })),
    ).toEqual([
      { daysBeforeDue: 7, scheduledFor: addDays(today, 23), status: "pending", sentAt: null },
      { daysBeforeDue: 3, scheduledFor: addDays(today, 27), status: "pending", sentAt: null },
      { daysBeforeDue: 0, scheduledFor: addDays(today, 30), status: "pending", sentAt: null },
    ]);

    // The 7-day one went out (as the job marks it); the payment in full stops the other two.
    const sentAt = new Date("2026-03-02T08:00:00Z");
    await context.database.db
      .update(invoiceReminders)
      .set({ status: "sent", sentAt })
      .where(and(eq(invoiceReminders.invoiceId, draft.id), eq(invoiceReminders.daysBeforeDue, 7)));
    await call(context, `/api/invoices/${draft.id}/payments`, {
      method: "POST",
      cookie: alice.cookie,
      body: { amountCents: 120_000, method: "virement" },
    });
    const after = (await (await remindersOf(draft.id, alice.cookie)).json()).items as InvoiceReminderDto[];
    expect(after[0]).toMatchObject({ daysBeforeDue: 7, status: "sent", sentAt: sentAt.toISOString() });
    expect(after.slice(1).map((reminder) => reminder.status)).not.toContain("pending");
  });

  it("answers 404 for another user's invoice and for an unknown one", async () => {
    const [invoice] = await context.database.db.select().from(invoiceReminders).limit(1);
    expect(invoice).toBeDefined();
    const foreign = await remindersOf(invoice?.invoiceId as string, bruno.cookie);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe("Facture introuvable.");
    expect((await remindersOf("8f8e1a52-3c1e-4d7f-9a4b-2b1d6f0c9e11", alice.cookie)).status).toBe(404);
    expect((await remindersOf("pas-un-id", alice.cookie)).status).toBe(404);
    expect((await call(context, `/api/invoices/${invoice?.invoiceId}/reminders`)).status).toBe(401);
  });
});
