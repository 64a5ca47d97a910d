import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { pdfText } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";

// Issue 13 §1, quotes: start date, estimated duration, free or paid quote, the deposit asked and the
// insurance block, as the client reads them on the PDF.

let context: TestContext;
let seller: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  seller = await registerAndConfirm(context, { email: "devis-mentions@example.fr" });
  await markPaid(context, seller.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: seller.userId,
    legalName: "Marc Leroy EI",
    siren: "732829320",
    registrationMention: "RM Lyon",
    activityCategory: "services-bic",
    addressLine1: "3 rue des Artisans",
    postalCode: "69007",
    city: "Lyon",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
    insurance: {
      insurer: "MAAF Assurances, Niort",
      policyNumber: "DEC-2026-118",
      coverage: "France métropolitaine",
    },
  });
  // Migrating a fresh database can take over a minute on a loaded machine.
}, 300_000);
afterAll(() => context.close());

async function pdfOf(quoteId: string, name: string, cookie = seller.cookie) {
  const pdf = await call(context, `/api/quotes/${quoteId}/pdf`, { cookie });
  expect(pdf.status).toBe(200);
  return pdfText(await pdf.arrayBuffer(), name);
}

async function quotePdf(body: Record<string, unknown>, name: string, cookie = seller.cookie) {
  const created = await call(context, "/api/quotes", {
    method: "POST",
    cookie,
    body: {
      clientName: "Famille Roux",
      lines: [{ description: "Réfection de la toiture", quantity: 1, unitPriceCents: 850000, vatRateBp: 0 }],
      ...body,
    },
  });
  expect(created.status).toBe(201);
  const quote = await created.json();
  return { quote, text: await pdfOf(quote.id, name, cookie) };
}

describe("quote start, duration, fee and insurance", () => {
  it("prints the start date, the duration, « Devis payant » with its price, the insurance and RM with the SIREN", async () => {
    const { quote, text } = await quotePdf(
      { startDate: "2027-01-11", estimatedDuration: "3 semaines", feeCents: 4500 },
      "devis-payant",
    );
    expect(quote).toMatchObject({ startDate: "2027-01-11", estimatedDuration: "3 semaines", feeCents: 4500 });
    expect(text).toContain("Début des travaux : 11 janvier 2027");
    expect(text).toContain("Durée estimée : 3 semaines");
    expect(text).toContain("Devis payant : 45,00 € TTC");
    expect(text).toContain(
      "Assurance professionnelle : MAAF Assurances, Niort, contrat n° DEC-2026-118, couverture géographique : France métropolitaine",
    );
    expect(text).toContain("RM Lyon 732 829 320");
    expect(text).not.toContain("Devis gratuit");
  });

  it("says « Devis gratuit » by default and refuses a negative fee", async () => {
    const { text } = await quotePdf({}, "devis-gratuit");
    expect(text).toContain("Devis gratuit");
    expect(text).not.toContain("Début des travaux");
    const refused = await call(context, "/api/quotes", {
      method: "POST",
      cookie: seller.cookie,
      body: {
        clientName: "Famille Roux",
        feeCents: -100,
        lines: [{ description: "Toiture", quantity: 1, unitPriceCents: 100, vatRateBp: 0 }],
      },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Le prix du devis ne peut pas être négatif.");
  });
});

describe("a discounted quote prints like an invoice (one renderer)", () => {
  it("prints each line's discount and net total, the document discount and totals that add up", async () => {
    const { quote, text } = await quotePdf(
      {
        lines: [
          // 3 × 400,00 € = 1 200,00 €, less 10 %: 1 080,00 €.
          {
            description: "Pose de carrelage",
            quantity: 3,
            unit: "jour",
            unitPriceCents: 40000,
            vatRateBp: 0,
            discountKind: "percent",
            discountValue: 1000,
          },
          // 2 × 150,00 € = 300,00 €, less 50,00 €: 250,00 €.
          {
            description: "Fourniture de joints",
            quantity: 2,
            unitPriceCents: 15000,
            vatRateBp: 0,
            discountKind: "amount",
            discountValue: 5000,
          },
        ],
        // 1 330,00 € less 5 %: 66,50 €, 1 263,50 € to pay.
        discountKind: "percent",
        discountValue: 500,
      },
      "devis-remises",
    );
    expect(quote).toMatchObject({ subtotalCents: 126350, totalCents: 126350 });
    expect(text).toMatch(/Pose de carrelage\s+3\s+jours\s+400,00 €\s+0\s?%\s+1 080,00 €/);
    expect(text).toContain("Remise 10 % : -120,00 €");
    expect(text).toMatch(/Fourniture de joints\s+2\s+150,00 €\s+0\s?%\s+250,00 €/);
    expect(text).toContain("Remise : -50,00 €");
    expect(text).toMatch(/Total avant remise\s+1 330,00 €/);
    expect(text).toMatch(/Remise 5 %\s+-66,50 €/);
    // The seller is under the VAT franchise: no VAT line, its mention, and the invoice's wording.
    expect(text).toMatch(/Total à payer\s+1 263,50 €/);
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
    expect(text).not.toContain("TVA 0 %");
    expect(text).toContain("Bon pour accord");
  });
});

describe("the deposit asked on a quote", () => {
  it("prints the percentage of the total and its amount (no TTC under the franchise), and null clears it", async () => {
    const { quote, text } = await quotePdf({ depositPercentBp: 3000 }, "devis-acompte");
    expect(quote.depositPercentBp).toBe(3000);
    // 30 % of 8 500,00 €.
    expect(text).toContain("Acompte à la commande : 30 % du total, soit 2 550,00 €");

    const cleared = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: seller.cookie,
      body: { depositPercentBp: null },
    });
    expect(cleared.status).toBe(200);
    expect((await cleared.json()).depositPercentBp).toBeNull();
    expect(await pdfOf(quote.id, "devis-acompte-retire")).not.toContain("Acompte à la commande");
  });

  it("prints « du total TTC » and the deposit invoice's amount for a seller liable to VAT", async () => {
    const liable = await registerAndConfirm(context, { email: "devis-acompte-tva@example.fr" });
    await markPaid(context, liable.userId);
    await context.database.db.insert(businessIdentities).values({
      userId: liable.userId,
      legalName: "Bruno Lefèvre EI",
      siret: "73282932000074",
      addressLine1: "8 rue de la République",
      postalCode: "13001",
      city: "Marseille",
      vatRegime: "assujetti",
      vatNumber: "FR44732829320",
    });
    const { quote, text } = await quotePdf(
      {
        depositPercentBp: 2550,
        lines: [
          { description: "Charpente", quantity: 1, unitPriceCents: 100000, vatRateBp: 2000 },
          { description: "Isolation", quantity: 1, unitPriceCents: 33333, vatRateBp: 1000 },
        ],
      },
      "devis-acompte-tva",
      liable.cookie,
    );
    // 25,5 % of each rate's base, then its VAT: 255,00 € + 51,00 € and 85,00 € + 8,50 € = 399,50 €.
    expect(text).toContain("Acompte à la commande : 25,5 % du total TTC, soit 399,50 €");
    expect(quote.totalCents).toBe(156666);
  });

  it("refuses a deposit of 0, over 100 % or with more than two decimals, in French", async () => {
    for (const [depositPercentBp, message] of [
      [0, "L'acompte doit être positif."],
      [10_001, "Un acompte ne dépasse pas 100 % du devis."],
      [12.5, "Un pourcentage à deux décimales au plus."],
    ] as const) {
      const refused = await call(context, "/api/quotes", {
        method: "POST",
        cookie: seller.cookie,
        body: {
          clientName: "Famille Roux",
          depositPercentBp,
          lines: [{ description: "Toiture", quantity: 1, unitPriceCents: 100, vatRateBp: 0 }],
        },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(message);
    }
  });
});
