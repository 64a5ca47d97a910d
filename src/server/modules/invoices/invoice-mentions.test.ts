import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients, invoices } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { pdfText } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";

// Issue 13 §1 mentions through the API: what issuing refuses (a French business client without a valid
// SIREN, an exemption whose conditions fail), what it freezes (nature of operations) and what the issued
// Factur-X carries (reverse charge, delivery address), on the real migrations.

let context: TestContext;
let seller: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  seller = await registerAndConfirm(context, { email: "mentions@example.fr" });
  await markPaid(context, seller.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: seller.userId,
    legalName: "Camille Martin EI",
    siren: "732829320",
    addressLine1: "12 rue des Lilas",
    postalCode: "69003",
    city: "Lyon",
    vatRegime: "assujetti",
    vatNumber: "FR44732829320",
    vatOnDebits: true,
    operationNature: "biens",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
  // Migrating a fresh database can take over a minute on a loaded machine.
}, 300_000);
afterAll(() => context.close());

async function client(values: Partial<typeof clients.$inferInsert> & { name: string }) {
  const [row] = await context.database.db
    .insert(clients)
    .values({
      userId: seller.userId,
      addressLine1: "1 rue Haute",
      postalCode: "75004",
      city: "Paris",
      ...values,
    })
    .returning();
  if (!row) throw new Error("no client");
  return row;
}

async function draft(
  clientRow: { id: string; name: string },
  extra: Record<string, unknown> = {},
  vatRateBp = 0,
) {
  const response = await call(context, "/api/invoices", {
    method: "POST",
    cookie: seller.cookie,
    body: {
      clientId: clientRow.id,
      clientName: clientRow.name,
      lines: [{ description: "Lampes en laiton", quantity: 2, unitPriceCents: 30000, vatRateBp }],
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

/** The Factur-X XML embedded in the invoice's PDF, as a client downloads it. */
async function facturxXmlOf(id: string): Promise<string> {
  const pdf = await call(context, `/api/invoices/${id}/pdf`, { cookie: seller.cookie });
  expect(pdf.status).toBe(200);
  const work = mkdtempSync(join(tmpdir(), "ardoise-mentions-"));
  try {
    writeFileSync(join(work, "f.pdf"), Buffer.from(await pdf.arrayBuffer()));
    execFileSync("pdfdetach", ["-savefile", "factur-x.xml", "-o", join(work, "x.xml"), join(work, "f.pdf")]);
    return readFileSync(join(work, "x.xml"), "utf8");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const issue = (id: string) =>
  call(context, `/api/invoices/${id}/issue`, { method: "POST", cookie: seller.cookie });

describe("issuing an invoice to a French business client needs its SIREN", () => {
  it("refuses without a SIREN, naming the client, and issues nothing", async () => {
    const noSiren = await client({ name: "Boulangerie Durand SAS", isBusiness: true });
    const invoice = await draft(noSiren, {}, 2000);
    const refused = await issue(invoice.id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toBe(
      "Le client « Boulangerie Durand SAS » est une entreprise française : renseignez son SIREN dans sa fiche avant d'émettre la facture.",
    );
    const [row] = await context.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "brouillon", invoiceNumber: null });
  });

  it("refuses a SIREN whose Luhn key is wrong", async () => {
    const wrong = await client({ name: "Garage Petit", isBusiness: true, siren: "732829321" });
    const refused = await issue((await draft(wrong, {}, 2000)).id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toContain(
      "Le SIREN du client « Garage Petit » (732829321) n'est pas valide",
    );
  });

  it("issues with a valid SIREN (or SIRET), and to a consumer without one; the seller's nature is frozen", async () => {
    const business = await client({ name: "Atelier Dupont", isBusiness: true, siret: "55210055400013" });
    const issued = await issue((await draft(business, {}, 2000)).id);
    expect(issued.status).toBe(200);
    expect(await issued.json()).toMatchObject({ status: "en-attente", operationNature: "biens" });
    const consumer = await client({ name: "Jean Petit", isBusiness: false });
    expect((await issue((await draft(consumer, { operationNature: "services" }, 2000)).id)).status).toBe(200);
  });
});

describe("a client typed by name (no client record), issue 28", () => {
  const typed = (body: Record<string, unknown>) =>
    call(context, "/api/invoices", {
      method: "POST",
      cookie: seller.cookie,
      body: {
        clientName: "Menuiserie Roux",
        lines: [{ description: "Lampes", quantity: 1, unitPriceCents: 30000, vatRateBp: 2000 }],
        ...body,
      },
    });
  const address = { line1: "4 rue du Port", postalCode: "13002", city: "Marseille" };

  it("refuses to issue a name alone: neither consumer nor business, no address", async () => {
    const created = await typed({});
    expect(created.status).toBe(201);
    const refused = await issue((await created.json()).id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toBe(
      "Le client « Menuiserie Roux » n'a pas de fiche : choisissez sa fiche client, ou indiquez s'il s'agit d'un particulier ou d'une entreprise (avec son SIREN) et son adresse.",
    );
  });

  it("asks a typed French business for a valid SIREN (Luhn), on the form's save", async () => {
    const withoutSiren = await typed({ typedBuyer: { isBusiness: true, address } });
    expect(withoutSiren.status).toBe(400);
    expect(JSON.stringify((await withoutSiren.json()).error.issues)).toContain(
      "Pour une entreprise française, indiquez son SIREN (ou choisissez sa fiche client).",
    );
    const wrongKey = await typed({ typedBuyer: { isBusiness: true, siren: "732 829 321", address } });
    expect(wrongKey.status).toBe(400);
    expect(JSON.stringify((await wrongKey.json()).error.issues)).toContain("Ce SIREN n'est pas valide");
  });

  it("issues a typed business with its SIREN as B2B (BT-47 in the XML) and a typed consumer as B2C", async () => {
    const business = await typed({ typedBuyer: { isBusiness: true, siren: "552 100 554", address } });
    expect(business.status).toBe(201);
    const issued = await issue((await business.json()).id);
    expect(issued.status).toBe(200);
    const invoice = await issued.json();
    expect(invoice.buyer).toMatchObject({
      name: "Menuiserie Roux",
      isBusiness: true,
      siren: "552100554",
      address: { line1: "4 rue du Port", postalCode: "13002", city: "Marseille", country: "FR" },
    });
    const xml = await facturxXmlOf(invoice.id);
    expect(xml).toContain('<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">552100554</ram:ID>');
    expect(xml).toContain("<ram:Content>B2B</ram:Content><ram:SubjectCode>BAR</ram:SubjectCode>");

    const consumer = await typed({ clientName: "Jeanne Roux", typedBuyer: { isBusiness: false, address } });
    const issuedToConsumer = await issue((await consumer.json()).id);
    expect(issuedToConsumer.status).toBe(200);
    expect((await issuedToConsumer.json()).buyer).toMatchObject({ isBusiness: false, siren: null });
  });
});

describe("the client's address is a mandatory mention (art. 242 nonies A du CGI)", () => {
  it("refuses a company or a consumer record without its address, naming the missing fields", async () => {
    const company = await client({ name: "Atelier Sans Adresse", isBusiness: true, siren: "552100554" });
    await context.database.db
      .update(clients)
      .set({ addressLine1: null, postalCode: null })
      .where(eq(clients.id, company.id));
    const refused = await issue((await draft(company, {}, 2000)).id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toBe(
      "L'adresse du client « Atelier Sans Adresse » est incomplète (mention obligatoire, art. 242 nonies A du CGI) : renseignez l'adresse (numéro et rue) et le code postal.",
    );
    const consumer = await client({ name: "Jean Sans Ville", isBusiness: false, city: "" });
    const refusedConsumer = await issue((await draft(consumer, {}, 2000)).id);
    expect(refusedConsumer.status).toBe(422);
    expect((await refusedConsumer.json()).error.message).toContain("renseignez la ville.");
    const [row] = await context.database.db.select().from(invoices).where(eq(invoices.clientId, consumer.id));
    expect(row).toMatchObject({ status: "brouillon", invoiceNumber: null });
  });
});

describe("reverse charge and exemptions", () => {
  it("refuses « Autoliquidation » for a client without an EU VAT number, then issues it as AE", async () => {
    const belgian = await client({
      name: "Brasserie Lambic",
      isBusiness: true,
      country: "BE",
      postalCode: "1000",
      city: "Bruxelles",
    });
    const invoice = await draft(belgian, {
      operationNature: "services",
      vatExemption: "autoliquidation",
      deliveryAddress: { line1: "Quai des Usines 3", postalCode: "1000", city: "Bruxelles", country: "BE" },
    });
    const refused = await issue(invoice.id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toContain(
      "renseignez le numéro de TVA intracommunautaire du client « Brasserie Lambic » (pays BE)",
    );

    await context.database.db
      .update(clients)
      .set({ vatNumber: "BE0123456749" })
      .where(eq(clients.id, belgian.id));
    const issued = await issue(invoice.id);
    expect(issued.status).toBe(200);
    expect(await issued.json()).toMatchObject({
      vatExemption: "autoliquidation",
      operationNature: "services",
      deliveryAddress: { line1: "Quai des Usines 3", line2: null, city: "Bruxelles", country: "BE" },
    });

    const pdf = await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie });
    expect(pdf.status).toBe(200);
    const bytes = await pdf.arrayBuffer();
    const text = pdfText(bytes, "autoliquidation-api");
    expect(text).toContain("Autoliquidation");
    expect(text).toContain("N° TVA : BE0123456749");
    expect(text).toContain("ADRESSE DE LIVRAISON");
    expect(text).toContain("Nature des opérations : prestations de services");
    expect(text).toContain("Option pour le paiement de la taxe d'après les débits");
    const work = mkdtempSync(join(tmpdir(), "ardoise-mentions-"));
    try {
      writeFileSync(join(work, "f.pdf"), Buffer.from(bytes));
      execFileSync("pdfdetach", [
        "-savefile",
        "factur-x.xml",
        "-o",
        join(work, "x.xml"),
        join(work, "f.pdf"),
      ]);
      const xml = readFileSync(join(work, "x.xml"), "utf8");
      expect(xml).toContain(
        "<ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>",
      );
      expect(xml).toContain("<ram:ShipToTradeParty>");
      expect(xml).toContain("<ram:DueDateTypeCode>5</ram:DueDateTypeCode>");
      expect(xml).toContain("<ram:ID>S1</ram:ID>");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("refuses reverse charge on a line with French VAT, and an export to an EU client", async () => {
    const german = await client({
      name: "Küche GmbH",
      isBusiness: true,
      country: "DE",
      vatNumber: "DE123456789",
    });
    const taxed = await issue((await draft(german, { vatExemption: "autoliquidation" }, 2000)).id);
    expect(taxed.status).toBe(422);
    expect((await taxed.json()).error.message).toBe(
      "Avec l'autoliquidation, une livraison intracommunautaire ou une exportation, toutes les lignes doivent être à 0 % de TVA.",
    );
    const exported = await issue((await draft(german, { vatExemption: "exportation" })).id);
    expect(exported.status).toBe(422);
    expect((await exported.json()).error.message).toBe(
      "Exportation : le client « Küche GmbH » doit être établi hors de l'Union européenne.",
    );
  });

  it("rejects an unknown exemption code and a delivery address without a city", async () => {
    const someone = await client({ name: "Jean Petit", isBusiness: false });
    const response = await call(context, "/api/invoices", {
      method: "POST",
      cookie: seller.cookie,
      body: {
        clientId: someone.id,
        clientName: someone.name,
        vatExemption: "paradis-fiscal",
        deliveryAddress: { line1: "1 rue", postalCode: "75001", city: "" },
        lines: [{ description: "Lampe", quantity: 1, unitPriceCents: 100, vatRateBp: 0 }],
      },
    });
    expect(response.status).toBe(400);
    const messages = JSON.stringify((await response.json()).error.issues);
    expect(messages).toContain("Motif d'exonération inconnu.");
    expect(messages).toContain("Indiquez la ville de livraison.");
  });
});

describe("a draft's mentions can be cleared", () => {
  it("an update with vatExemption and deliveryAddress null removes them; leaving them out keeps them", async () => {
    const someone = await client({ name: "Jean Petit", isBusiness: false });
    const invoice = await draft(someone, {
      vatExemption: "formation-professionnelle",
      deliveryAddress: { line1: "3 quai Est", postalCode: "69002", city: "Lyon" },
    });
    const patch = (body: Record<string, unknown>) =>
      call(context, `/api/invoices/${invoice.id}`, { method: "PATCH", cookie: seller.cookie, body });
    const kept = await patch({ notes: "Merci." });
    expect(await kept.json()).toMatchObject({
      notes: "Merci.",
      vatExemption: "formation-professionnelle",
      deliveryAddress: { line1: "3 quai Est", city: "Lyon" },
    });
    const cleared = await patch({ vatExemption: null, deliveryAddress: null });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ vatExemption: null, deliveryAddress: null });
    const detail = await call(context, `/api/invoices/${invoice.id}`, { cookie: seller.cookie });
    expect(await detail.json()).toMatchObject({ vatExemption: null, deliveryAddress: null, notes: "Merci." });
  });
});
