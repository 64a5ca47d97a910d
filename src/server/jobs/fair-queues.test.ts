import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, parisToday } from "@shared/domain/dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients, einvoiceInbox, files, invoiceReminders } from "../db/schema/index";
import type { EinvoicingPlatform } from "../modules/einvoicing/platform";
import { createInvoiceDraft, issueInvoice } from "../modules/invoices/invoices.service";
import { lastEmailTo, markPaid, registerAndConfirm } from "../test/accounts";
import { createTestContext, type TestContext } from "../test/test-app";
import { sendDueAnswers } from "./einvoice-inbox-job";
import { sendDueReminders } from "./invoice-jobs";

// Issue 26: the queues kept in rows (answers to the plateforme agréée, payment reminders) take every
// user's oldest work first, so one user's backlog does not hold up another's.

let context: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "ardoise-fair-"));
  context = await createTestContext({
    env: { PA_OUTBOX_DIR: join(root, "outbox"), PA_INBOX_DIR: join(root, "inbox") },
  });
});
afterAll(() => context.close());

/** A paid freelancer with a complete identity (and its SIREN, by which the platform routes). */
async function seller(email: string, siren: string): Promise<string> {
  const { userId } = await registerAndConfirm(context, { email });
  await markPaid(context, userId);
  await context.database.db.insert(businessIdentities).values({
    userId,
    legalName: "Nina Roux EI",
    siren,
    siret: `${siren}00074`,
    addressLine1: "3 quai Claude Bernard",
    postalCode: "69007",
    city: "Lyon",
    vatRegime: "franchise",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
  return userId;
}

describe("answers to the plateforme agréée", () => {
  it("sends another user's due answer in the first batch while one user has 30 older ones waiting", async () => {
    const eve = await seller("eve.pa@example.fr", "732829320");
    const fred = await seller("fred.pa@example.fr", "552100554");
    const now = new Date();
    // Refusals decided while the platform was away, now due for their retry: Eve's 30, then Fred's one.
    for (const [userId, count, prefix] of [
      [eve, 30, "eve"],
      [fred, 1, "fred"],
    ] as const) {
      const [file] = await context.database.db
        .insert(files)
        .values({
          userId,
          name: "facture.xml",
          mimeType: "application/xml",
          sizeBytes: 5,
          sha256: "0".repeat(64),
          kind: "attachment",
          content: new TextEncoder().encode("<x/>"),
        })
        .returning();
      await context.database.db.insert(einvoiceInbox).values(
        Array.from({ length: count }, (_, index) => ({
          userId,
          fileId: String(file?.id),
          platform: "local",
          flowId: `${prefix}-${index}`,
          status: "refusee" as const,
          reason: "Doublon",
          decidedAt: now,
          answerAttempts: 1,
          answerRetryAt: new Date(now.getTime() - (prefix === "eve" ? 60_000 - index : 1_000)),
        })),
      );
    }
    const order: string[] = [];
    const platform: EinvoicingPlatform = {
      ...context.einvoicing,
      respond: (siren, flowId, report) => {
        order.push(flowId);
        return context.einvoicing.respond(siren, flowId, report);
      },
    };
    const sent = await sendDueAnswers({ db: context.database.db, platform, logger: context.logger }, now);
    // Fred's goes with Eve's first ones, not after her 30; and the run takes batch after batch until
    // none is due.
    expect(order.slice(0, 4)).toContain("fred-0");
    expect(sent).toBe(31);
    const [fredRow] = await context.database.db
      .select()
      .from(einvoiceInbox)
      .where(and(eq(einvoiceInbox.userId, fred), eq(einvoiceInbox.flowId, "fred-0")));
    expect(fredRow).toMatchObject({ answerRetryAt: null, answerError: null });
    expect(fredRow?.answerSentAt).not.toBeNull();
  });
});

describe("payment reminders", () => {
  async function overdueInvoice(owner: string, email: string) {
    const [client] = await context.database.db
      .insert(clients)
      .values({
        addressLine1: "1 rue Haute",
        postalCode: "75004",
        city: "Paris",
        userId: owner,
        name: "Atelier Dupont",
        siren: "552100554",
        email,
        status: "actif",
      })
      .returning();
    const draft = await createInvoiceDraft(context.database.db, {
      userId: owner,
      input: {
        clientId: client?.id,
        clientName: "Atelier Dupont",
        lines: [{ description: "Maquettes", quantity: 1, unitPriceCents: 60000, vatRateBp: 0 }],
      },
    });
    // Issued 40 days ago (due 10 days ago): its J-7, J-3 and J reminders are due.
    return issueInvoice(context.database.db, {
      userId: owner,
      id: draft.id,
      now: new Date(Date.parse(`${parisToday()}T11:00:00Z`) - 40 * DAY),
    });
  }

  it("sends another user's reminder in the same run as one user's backlog of relances", async () => {
    const gina = await seller("gina.relances@example.fr", "732829320");
    const hugo = await seller("hugo.relances@example.fr", "552100554");
    const hugoInvoice = await overdueInvoice(hugo, "client.hugo@example.fr");
    // Gina has an invoice ordered before Hugo's with a backlog of 25 due relances (the server was down):
    // taken invoice by invoice in one queue, it would fill the whole run.
    let ginaInvoice = await overdueInvoice(gina, "client.gina@example.fr");
    while (ginaInvoice.id > hugoInvoice.id)
      ginaInvoice = await overdueInvoice(gina, "client.gina@example.fr");
    const today = parisToday();
    await context.database.db.insert(invoiceReminders).values(
      Array.from({ length: 25 }, (_, index) => ({
        userId: gina,
        invoiceId: ginaInvoice.id,
        daysBeforeDue: -(index + 1),
        scheduledFor: addDays(today, -1),
      })),
    );

    await sendDueReminders({ db: context.database.db, mailer: context.mailer, logger: context.logger });
    expect((await lastEmailTo(context, "client.hugo@example.fr"))?.subject).toBe(
      `Relance : facture ${hugoInvoice.invoiceNumber} échue`,
    );
    // Gina's backlog is one relance for her invoice, the latest; the older ones are superseded.
    const ginaSent = await context.database.db
      .select()
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.invoiceId, ginaInvoice.id), eq(invoiceReminders.status, "sent")));
    expect(ginaSent.map((row) => row.daysBeforeDue)).toEqual([-25]);
  });
});
