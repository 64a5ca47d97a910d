import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { ciiInvoice } from "./test-invoices";

// The local plateforme agréée: the directories a person (or a real platform's sync) reads and fills.
const root = mkdtempSync(join(tmpdir(), "ardoise-pa-"));
const outbox = join(root, "outbox");
const inbox = join(root, "inbox");
const SIREN = "732829320";

let context: TestContext;
let seller: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext({ env: { PA_OUTBOX_DIR: outbox, PA_INBOX_DIR: inbox } });
  seller = await registerAndConfirm(context, { email: "pa@example.fr" });
  await markPaid(context, seller.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: seller.userId,
    legalName: "Léa Moreau EI",
    siren: SIREN,
    siret: `${SIREN}00074`,
    addressLine1: "8 rue de la République",
    postalCode: "13001",
    city: "Marseille",
    vatRegime: "franchise",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
});
afterAll(() => context.close());

async function issuedInvoice() {
  const [client] = await context.database.db
    .insert(clients)
    .values({
      userId: seller.userId,
      name: "Boulangerie Durand SAS",
      isBusiness: true,
      siren: "552100554",
      city: "Paris",
    })
    .returning();
  const draft = await (
    await call(context, "/api/invoices", {
      method: "POST",
      cookie: seller.cookie,
      body: {
        clientId: client?.id,
        clientName: client?.name,
        lines: [{ description: "Identité visuelle", quantity: 1, unitPriceCents: 180000, vatRateBp: 0 }],
      },
    })
  ).json();
  const issued = await call(context, `/api/invoices/${draft.id}/issue`, {
    method: "POST",
    cookie: seller.cookie,
  });
  expect(issued.status, await issued.clone().text()).toBe(200);
  return issued.json();
}

const statusesOf = async (invoiceId: string) => {
  const response = await call(context, `/api/einvoicing/invoices/${invoiceId}/statuses`, {
    cookie: seller.cookie,
  });
  expect(response.status).toBe(200);
  return (await response.json()).map(
    (event: { code: number; label: string }) => `${event.code} ${event.label}`,
  );
};

describe("sending to the platform", () => {
  it("deposits the invoice's PDF with an envelope, then records the lifecycle the platform reports", async () => {
    const invoice = await issuedInvoice();
    expect(await statusesOf(invoice.id)).toEqual([]);
    const sent = await call(context, `/api/einvoicing/invoices/${invoice.id}/send`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect((await sent.json()).map((event: { label: string }) => event.label)).toEqual(["Déposée"]);

    const [flowId] = readdirSync(outbox);
    const envelope = JSON.parse(readFileSync(join(outbox, flowId ?? "", "envelope.json"), "utf8"));
    expect(envelope).toMatchObject({
      flowSyntax: "Factur-X",
      invoiceNumber: invoice.invoiceNumber,
      sellerSiren: SIREN,
      buyerSiren: "552100554",
      status: { code: 200 },
    });
    expect(
      readFileSync(join(outbox, flowId ?? "", envelope.fileName))
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // The buyer's platform answers: approved, then cashed (CDAR 205, 212).
    writeFileSync(join(outbox, flowId ?? "", "status-1.json"), JSON.stringify({ code: 205 }));
    writeFileSync(join(outbox, flowId ?? "", "status-2.json"), JSON.stringify({ code: "212" }));
    expect(await statusesOf(invoice.id)).toEqual(["200 Déposée", "205 Approuvée", "212 Encaissée"]);
    expect(await statusesOf(invoice.id)).toHaveLength(3);

    const again = await call(context, `/api/einvoicing/invoices/${invoice.id}/send`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("Cette facture a déjà été déposée sur la plateforme.");
  });
});

describe("receiving from the platform", () => {
  it("takes the supplier invoices addressed to the user's SIREN into the inbox, confirmed into an expense", async () => {
    mkdirSync(join(inbox, SIREN), { recursive: true });
    writeFileSync(join(inbox, SIREN, "nuage.xml"), ciiInvoice({ number: "PA-1" }));
    writeFileSync(join(inbox, SIREN, "illisible.xml"), "<Order/>");
    const listed = await call(context, "/api/einvoicing/inbox", { cookie: seller.cookie });
    expect(listed.status, await listed.clone().text()).toBe(200);
    const [item, ...others] = await listed.json();
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      fileName: "nuage.xml",
      draft: { amountCents: 142000 },
      invoice: { number: "PA-1" },
    });
    expect(existsSync(join(inbox, SIREN, "recu", "nuage.xml"))).toBe(true);
    // An unreadable file stays where it was, for the user to see on the platform side.
    expect(existsSync(join(inbox, SIREN, "illisible.xml"))).toBe(true);

    const confirmed = await call(context, `/api/einvoicing/inbox/${item.id}/confirm`, {
      method: "POST",
      cookie: seller.cookie,
      body: { title: "Hébergement reçu" },
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(201);
    expect(await confirmed.json()).toMatchObject({
      title: "Hébergement reçu",
      supplierInvoiceNumber: "PA-1",
      receipt: { name: "nuage.xml" },
    });
    expect(await (await call(context, "/api/einvoicing/inbox", { cookie: seller.cookie })).json()).toEqual(
      [],
    );
  });
});
