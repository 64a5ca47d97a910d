import { formatMoney } from "@shared/format";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { sendVatFranchiseEndEmails } from "../../jobs/vat-franchise-job";
import { call, lastEmailTo, registerPaid } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { pdfText } from "../../test/pdf-text";
import { createTestContext, TEST_APP_URL, type TestContext } from "../../test/test-app";
import {
  createInvoiceDraft,
  issueInvoice,
  recordPayment,
  updateInvoiceDraft,
} from "../invoices/invoices.service";
import { getNotifications } from "../notifications/notifications.service";

// Issue 28 §6: the VAT franchise watched against the year's cashed turnover, with a fixed clock. Services:
// seuil de base 37 500 €, seuil majoré 41 250 € (2025 and 2026).

const logger = pino({ level: "silent" });
let context: TestContext;
const at = (day: string) => new Date(`${day}T10:00:00Z`);

beforeAll(async () => {
  context = await createTestContext();
}, 300_000);
afterAll(() => context.close());

async function franchiseSeller(email: string) {
  const account = await registerPaid(context, { email });
  const db = context.database.db;
  await db.insert(businessIdentities).values({
    userId: account.userId,
    legalName: "Léa Moreau EI",
    siren: "732829320",
    addressLine1: "8 rue de la République",
    postalCode: "13001",
    city: "Marseille",
    vatRegime: "franchise",
    activityCategory: "bnc",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
  const [client] = await db
    .insert(clients)
    .values({
      userId: account.userId,
      name: "Atelier Dupont",
      isBusiness: true,
      siren: "552100554",
      addressLine1: "5 avenue Parmentier",
      postalCode: "75011",
      city: "Paris",
    })
    .returning();
  return { ...account, clientId: client?.id ?? "" };
}

type Seller = Awaited<ReturnType<typeof franchiseSeller>>;

async function issued(seller: Seller, day: string, cents: number, vatRateBp = 0) {
  const draft = await createInvoiceDraft(context.database.db, {
    userId: seller.userId,
    now: at(day),
    input: {
      clientId: seller.clientId,
      clientName: "Atelier Dupont",
      lines: [{ description: "Accompagnement", quantity: 1, unitPriceCents: cents, vatRateBp }],
    },
  });
  return issueInvoice(context.database.db, { userId: seller.userId, id: draft.id, now: at(day) });
}

const pay = (seller: Seller, id: string, day: string, amountCents: number) =>
  recordPayment(context.database.db, {
    userId: seller.userId,
    id,
    now: at(day),
    input: { amountCents, paidOn: day, method: "virement" },
  });

const bell = async (seller: Seller, day: string) =>
  (await getNotifications(context.database.db, { userId: seller.userId, now: at(day) })).items.filter(
    (item) => item.kind === "vat_franchise",
  );

const identity = async (seller: Seller) => {
  const [row] = await context.database.db
    .select()
    .from(businessIdentities)
    .where(eq(businessIdentities.userId, seller.userId));
  return row;
};

describe("the VAT franchise's thresholds", () => {
  it("warns at 80 % and 95 %, then switches to VAT on the day the seuil majoré is passed", {
    timeout: 120_000,
  }, async () => {
    const lea = await franchiseSeller("lea.franchise@example.fr");
    const big = await issued(lea, "2026-03-01", 45_000_00);
    expect(await bell(lea, "2026-03-01")).toEqual([]);

    await pay(lea, big.id, "2026-03-10", 30_000_00);
    const [at80] = await bell(lea, "2026-03-10");
    expect(at80?.title).toBe(
      `Franchise de TVA : 80 % du seuil de la franchise en base de TVA (${formatMoney(37_500_00)}) atteints`,
    );
    await pay(lea, big.id, "2026-04-01", 6_000_00);
    expect((await bell(lea, "2026-04-01"))[0]?.title).toContain("95 %");

    // Past the seuil de base, still under the franchise until the seuil majoré (VAT on 1 January next).
    await pay(lea, big.id, "2026-05-15", 5_000_00);
    const [based] = await bell(lea, "2026-05-15");
    expect(based?.description).toContain("vous facturerez la TVA à partir du 1er janvier prochain");
    expect((await identity(lea))?.vatRegime).toBe("franchise");

    await pay(lea, big.id, "2026-06-02", 1_000_00);
    expect(await identity(lea)).toMatchObject({
      vatRegime: "assujetti",
      vatFranchiseEndedOn: "2026-06-02",
      vatFranchiseEndReason: "seuil-majore",
    });
    const [ended] = await bell(lea, "2026-06-03");
    expect(ended).toMatchObject({
      title: "Fin de la franchise en base de TVA : vos factures portent la TVA",
      date: "2026-06-02",
    });
    expect(ended?.description).toContain("Votre franchise en base de TVA a pris fin le 2 juin 2026");
    expect(ended?.description).toContain(`seuil majoré de ${formatMoney(41_250_00)}`);
    // The e-mail says it once, whatever the number of beats.
    const jobs = { db: context.database.db, mailer: context.mailer, logger, appUrl: TEST_APP_URL };
    expect(await sendVatFranchiseEndEmails(jobs, at("2026-06-02"))).toBe(1);
    expect(await sendVatFranchiseEndEmails(jobs, at("2026-06-03"))).toBe(0);
    const mail = await lastEmailTo(context, "lea.franchise@example.fr");
    expect(mail?.subject).toBe(
      "Fin de votre franchise en base de TVA : vos prochaines factures portent la TVA",
    );
    expect(mail?.text).toContain("Votre franchise en base de TVA a pris fin le 2 juin 2026");

    // The next invoice: no 293 B. Without a VAT number or with a 0 % line it cannot be issued.
    const refused = await issued(lea, "2026-06-03", 1_000_00).catch((error: Error) => error);
    expect((refused as Error).message).toContain("Numéro de TVA (assujetti)");
    await context.database.db
      .update(businessIdentities)
      .set({ vatNumber: "FR44732829320" })
      .where(eq(businessIdentities.userId, lea.userId));
    const zero = await issued(lea, "2026-06-03", 1_000_00).catch((error: Error) => error);
    expect((zero as Error).message).toContain("Une ligne est à 0 % de TVA sans motif");
    const taxed = await issued(lea, "2026-06-03", 1_000_00, 2000);
    expect(taxed).toMatchObject({
      status: "en-attente",
      taxCents: 200_00,
      seller: { vatRegime: "assujetti" },
    });
    const pdf = await call(context, `/api/invoices/${taxed.id}/pdf`, { cookie: lea.cookie });
    expect(pdf.status, await pdf.clone().text()).toBe(200);
    const text = pdfText(await pdf.arrayBuffer(), "apres-seuil-majore");
    expect(text).not.toContain("293 B");
    expect(text).toContain("FR44732829320");
  });

  it("after a year above the seuil de base, the first invoice of the next year carries VAT from 1 January", async () => {
    const max = await franchiseSeller("max.franchise@example.fr");
    await insertInvoiceRow(
      context.database.db,
      {
        userId: max.userId,
        invoiceNumber: "INV-2025-0001",
        status: "payée",
        subtotalCents: 38_000_00,
        totalCents: 38_000_00,
        paidCents: 38_000_00,
        clientName: "Atelier Dupont",
        date: "2025-06-01",
      },
      [["2025-06-20", 38_000_00]],
    );
    const draft = await createInvoiceDraft(context.database.db, {
      userId: max.userId,
      now: at("2026-01-05"),
      input: {
        clientId: max.clientId,
        clientName: "Atelier Dupont",
        lines: [{ description: "Conseil", quantity: 1, unitPriceCents: 500_00, vatRateBp: 0 }],
      },
    });
    const refused = await issueInvoice(context.database.db, {
      userId: max.userId,
      id: draft.id,
      now: at("2026-01-05"),
    }).catch((error: Error) => error);
    expect((refused as Error).message).toContain("Numéro de TVA (assujetti)");
    expect(await identity(max)).toMatchObject({
      vatRegime: "assujetti",
      vatFranchiseEndedOn: "2026-01-01",
      vatFranchiseEndReason: "seuil-base",
    });
    const [ended] = await bell(max, "2026-01-05");
    expect(ended?.description).toContain(
      `vos encaissements de l'an dernier ont dépassé le seuil de ${formatMoney(37_500_00)}`,
    );
    await context.database.db
      .update(businessIdentities)
      .set({ vatNumber: "FR44732829320" })
      .where(eq(businessIdentities.userId, max.userId));
    await updateInvoiceDraft(context.database.db, {
      userId: max.userId,
      id: draft.id,
      input: { lines: [{ description: "Conseil", quantity: 1, unitPriceCents: 500_00, vatRateBp: 2000 }] },
    });
    const invoice = await issueInvoice(context.database.db, {
      userId: max.userId,
      id: draft.id,
      now: at("2026-01-05"),
    });
    expect(invoice).toMatchObject({ taxCents: 100_00, totalCents: 600_00 });
  });
});
