import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";

// Issue 31 §21: the issue dialog lists, before issuing, everything the issue would refuse, from the issue's
// own rule (GET /api/invoices/:id/readiness), and the refused issue lists all of it too, each problem with
// where it is fixed: the settings, the client's record (its id), or the invoice.

let context: TestContext;
let seller: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  seller = await registerAndConfirm(context, { email: "readiness@example.fr" });
  await markPaid(context, seller.userId);
  // No SIREN: the seller's identity is incomplete.
  await context.database.db.insert(businessIdentities).values({
    userId: seller.userId,
    legalName: "Camille Martin EI",
    addressLine1: "12 rue des Lilas",
    postalCode: "69003",
    city: "Lyon",
    vatRegime: "franchise",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
}, 300_000);
afterAll(() => context.close());

async function draftFor(clientId: string, clientName: string): Promise<string> {
  const response = await call(context, "/api/invoices", {
    method: "POST",
    cookie: seller.cookie,
    body: {
      clientId,
      clientName,
      lines: [{ description: "Site vitrine", quantity: 1, unitPriceCents: 50000, vatRateBp: 0 }],
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const readiness = async (id: string) => {
  const response = await call(context, `/api/invoices/${id}/readiness`, { cookie: seller.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { problems: { fix: string; message: string; clientId?: string }[] };
};

describe("an invoice's readiness to be issued", () => {
  it("lists every missing mention at once, where each is fixed, and the issue refuses with the same list", async () => {
    const [dupont] = await context.database.db
      .insert(clients)
      .values({ userId: seller.userId, name: "Dupont", isBusiness: true })
      .returning();
    if (!dupont) throw new Error("no client");
    const id = await draftFor(dupont.id, "Dupont");

    const { problems } = await readiness(id);
    expect(problems).toEqual([
      {
        fix: "identity",
        message: "Complétez votre identité dans Paramètres avant d'émettre : SIREN ou SIRET.",
      },
      {
        fix: "client",
        clientId: dupont.id,
        message:
          "L'adresse du client « Dupont » est incomplète (mention obligatoire, art. 242 nonies A du CGI) : renseignez l'adresse (numéro et rue), le code postal et la ville.",
      },
      {
        fix: "client",
        clientId: dupont.id,
        message:
          "Le client « Dupont » est une entreprise française : renseignez son SIREN dans sa fiche avant d'émettre la facture.",
      },
    ]);

    const refused = await call(context, `/api/invoices/${id}/issue`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(error.message).toBe(problems[0]?.message);
    expect(error.issues.map((issue) => issue.path)).toEqual(["identity", "client", "client"]);
  });

  it("is empty once the identity and the client are complete, and the issue then succeeds", async () => {
    await context.database.db
      .update(businessIdentities)
      .set({ siren: "732829320" })
      .where(eq(businessIdentities.userId, seller.userId));
    const [durand] = await context.database.db
      .insert(clients)
      .values({
        userId: seller.userId,
        name: "Jeanne Durand",
        isBusiness: false,
        addressLine1: "3 place du Marché",
        postalCode: "75004",
        city: "Paris",
      })
      .returning();
    if (!durand) throw new Error("no client");
    const id = await draftFor(durand.id, "Jeanne Durand");
    expect((await readiness(id)).problems).toEqual([]);
    const issued = await call(context, `/api/invoices/${id}/issue`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(issued.status).toBe(200);
    const again = await call(context, `/api/invoices/${id}/readiness`, { cookie: seller.cookie });
    expect(again.status).toBe(409);
  });
});
