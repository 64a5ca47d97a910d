import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import {
  lifecyclePoller,
  pullReceivedInvoices,
  sendDueAnswers,
  sendDueOutgoing,
} from "../../jobs/einvoice-inbox-job";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { FAKE_PA_CREDENTIALS, type FakeAfnorPa, startFakeAfnorPa } from "./afnor/fake-afnor-pa";
import { ciiInvoice, utf8 } from "./test-invoices";

// Ardoise against a plateforme agréée speaking AFNOR XP Z12-013 (decision 020), on 127.0.0.1.
const SIREN = "732829320";
const BUYER_SIREN = "552100554";
const WEBHOOK_SECRET = "un-secret-de-webhook-assez-long";
const LATER = () => new Date(Date.now() + 24 * 3600_000);

let pa: FakeAfnorPa;
let context: TestContext;
let seller: { cookie: string; userId: string };

beforeAll(async () => {
  pa = await startFakeAfnorPa();
  pa.directory.add(BUYER_SIREN);
  context = await createTestContext({
    env: {
      PA_API_URL: pa.flowUrl,
      PA_DIRECTORY_URL: pa.directoryUrl,
      PA_TOKEN_URL: pa.tokenUrl,
      PA_CLIENT_ID: FAKE_PA_CREDENTIALS.clientId,
      PA_CLIENT_SECRET: FAKE_PA_CREDENTIALS.clientSecret,
      PA_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  seller = await registerAndConfirm(context, { email: "afnor@example.fr" });
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
afterAll(async () => {
  await context.close();
  await pa.close();
});

async function issuedInvoice(buyerSiren = BUYER_SIREN) {
  const [client] = await context.database.db
    .insert(clients)
    .values({
      userId: seller.userId,
      name: "Boulangerie Durand SAS",
      isBusiness: true,
      siren: buyerSiren,
      addressLine1: "8 rue du Four",
      postalCode: "75006",
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
  return issued.json() as Promise<{ id: string; invoiceNumber: string }>;
}

const send = (invoiceId: string) =>
  call(context, `/api/einvoicing/invoices/${invoiceId}/send`, { method: "POST", cookie: seller.cookie });
const timeline = async (invoiceId: string) => {
  const response = await call(context, `/api/einvoicing/invoices/${invoiceId}/statuses`, {
    cookie: seller.cookie,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { code: number; label: string; message: string | null }[]).map(
    (event) => `${event.code} ${event.label}${event.message ? ` (${event.message})` : ""}`,
  );
};
const job = {
  get db() {
    return context.database.db;
  },
  get platform() {
    return context.einvoicing;
  },
  get logger() {
    return context.logger;
  },
};
const flowsOf = (trackingIds: Set<string>) =>
  pa.submitted().filter((flow) => flow.trackingId && trackingIds.has(flow.trackingId));
const invoiceFlows = () => pa.submitted().filter((flow) => flow.flowSyntax === "Factur-X");

describe("depositing an issued invoice on an AFNOR platform", () => {
  it("submits the Factur-X PDF as a flow with our tracking id, after checking the client in the directory", async () => {
    const before = invoiceFlows().length;
    const invoice = await issuedInvoice();
    const response = await send(invoice.id);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await timeline(invoice.id)).toEqual(["200 Déposée"]);
    const [flow] = invoiceFlows().slice(before);
    expect(flow?.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      Buffer.from(flow?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await send(invoice.id)).status).toBe(409);
    expect(invoiceFlows()).toHaveLength(before + 1);
  });

  it("refuses, in French, to send to a client whose SIREN is not in the directory, and sends nothing", async () => {
    const before = pa.submitted().length;
    const invoice = await issuedInvoice("356000000");
    const response = await send(invoice.id);
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      "Le SIREN 356000000 de ce client n'est pas inscrit à l'annuaire de la facturation électronique : il ne peut pas recevoir cette facture par une plateforme.",
    );
    expect(pa.submitted()).toHaveLength(before);
  });

  it("an outage (503) queues the deposit; the job loop deposits it later, once", async () => {
    const invoice = await issuedInvoice();
    const before = invoiceFlows().length;
    // Down for the directory lookup and the deposit: the lookup is skipped, the deposit queued.
    pa.failNext(2);
    const response = await send(invoice.id);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual([]);
    const pending = await call(context, `/api/einvoicing/invoices/${invoice.id}/deposit`, {
      cookie: seller.cookie,
    });
    expect(await pending.json()).toEqual({
      error:
        "La plateforme agréée a refusé la recherche de flux (HTTP 503, RESOURCE_ERROR : Service unavailable).",
      nextTryAt: expect.any(String),
    });
    // Queued: a second click does not queue a second deposit.
    expect((await send(invoice.id)).status).toBe(409);
    expect(await sendDueOutgoing(job, LATER())).toBeGreaterThanOrEqual(1);
    expect(await timeline(invoice.id)).toEqual(["200 Déposée"]);
    const done = await call(context, `/api/einvoicing/invoices/${invoice.id}/deposit`, {
      cookie: seller.cookie,
    });
    expect(await done.json()).toBeNull();
    expect(invoiceFlows()).toHaveLength(before + 1);
    expect(await sendDueOutgoing(job, LATER())).toBe(0);
    expect(invoiceFlows()).toHaveLength(before + 1);
    // The platform down again: the page still shows what is known.
    pa.failNext(1);
    expect(await timeline(invoice.id)).toEqual(["200 Déposée"]);
  });

  it("an answer lost after the platform took the flow: the retry finds it by tracking id and sends nothing twice", async () => {
    const invoice = await issuedInvoice();
    const before = invoiceFlows().length;
    pa.loseNextAnswer();
    expect((await send(invoice.id)).status).toBe(202);
    expect(invoiceFlows()).toHaveLength(before + 1);
    await sendDueOutgoing(job, LATER());
    expect(await timeline(invoice.id)).toEqual(["200 Déposée"]);
    expect(invoiceFlows()).toHaveLength(before + 1);
    const [flow] = invoiceFlows().slice(before);
    expect(flowsOf(new Set([flow?.trackingId ?? ""]))).toHaveLength(1);
  });
});

describe("the lifecycle from the buyer's side", () => {
  it("statuses are polled from the platform's lifecycle flows, each recorded once", async () => {
    const invoice = await issuedInvoice();
    expect((await send(invoice.id)).status).toBe(201);
    const poll = lifecyclePoller(job);
    for (const status of ["recue", "mise_a_disposition", "prise_en_charge", "approuvee"] as const)
      pa.deliverStatus({ invoiceNumber: invoice.invoiceNumber, sellerSiren: SIREN, status });
    expect(await poll()).toBe(4);
    expect(await poll()).toBe(0);
    expect(await timeline(invoice.id)).toEqual([
      "200 Déposée",
      "202 Reçue par la plateforme",
      "203 Mise à disposition",
      "204 Prise en charge",
      "205 Approuvée",
    ]);
  });

  it("a refusal pushed by the platform's webhook shows with its reason; the polling does not add it again", async () => {
    const invoice = await issuedInvoice();
    expect((await send(invoice.id)).status).toBe(201);
    const flow = pa.deliverStatus({
      invoiceNumber: invoice.invoiceNumber,
      sellerSiren: SIREN,
      status: "refusee",
      reasonCode: "TX_TVA_ERR",
      reason: "Taux de TVA erroné",
    });
    const push = (secret: string) =>
      call(context, `/api/public/pa/webhook/${secret}`, {
        method: "POST",
        headers: { origin: "https://pa.example" },
        body: { flowInfo: { flowId: flow.flowId, flowType: "CustomerInvoiceLC", flowDirection: "In" } },
      });
    expect((await push("pas-le-bon-secret-du-tout-non")).status).toBe(404);
    expect((await push(WEBHOOK_SECRET)).status).toBe(204);
    expect(await lifecyclePoller(job)()).toBe(0);
    expect(await timeline(invoice.id)).toEqual([
      "200 Déposée",
      "210 Refusée (TX_TVA_ERR : Taux de TVA erroné)",
    ]);
  });

  it("in dispute, suspended, payment sent: every status of the reform is shown with its French label", async () => {
    const invoice = await issuedInvoice();
    expect((await send(invoice.id)).status).toBe(201);
    for (const status of ["en_litige", "suspendue", "paiement_transmis"] as const)
      pa.deliverStatus({ invoiceNumber: invoice.invoiceNumber, sellerSiren: SIREN, status });
    await lifecyclePoller(job)();
    expect(await timeline(invoice.id)).toEqual([
      "200 Déposée",
      "207 En litige",
      "208 Suspendue",
      "211 Paiement transmis",
    ]);
  });
});

describe("« encaissée » when a payment is recorded", () => {
  it("a payment on a deposited services invoice is sent to the platform as CDAR 212 with its amount", async () => {
    const invoice = await issuedInvoice();
    expect((await send(invoice.id)).status).toBe(201);
    const paid = await call(context, `/api/invoices/${invoice.id}/payments`, {
      method: "POST",
      cookie: seller.cookie,
      body: { amountCents: 60000 },
    });
    expect(paid.status, await paid.clone().text()).toBeLessThan(300);
    pa.failNext(1);
    expect(await sendDueOutgoing(job)).toBe(0);
    expect(await sendDueOutgoing(job, LATER())).toBe(1);
    const sent = pa.sentStatuses().filter((status) => status.invoiceNumber === invoice.invoiceNumber);
    expect(sent).toEqual([
      expect.objectContaining({
        status: "encaissee",
        amountCents: 60000,
        sellerSiren: SIREN,
        issuerSiren: SIREN,
      }),
    ]);
    expect(await timeline(invoice.id)).toEqual(["200 Déposée", "212 Encaissée"]);
  });

  it("a payment on an invoice never deposited sends nothing", async () => {
    const invoice = await issuedInvoice();
    const before = pa.submitted().length;
    await call(context, `/api/invoices/${invoice.id}/payments`, {
      method: "POST",
      cookie: seller.cookie,
      body: { amountCents: 1000 },
    });
    await sendDueOutgoing(job, LATER());
    expect(pa.submitted()).toHaveLength(before);
  });
});

describe("answering a supplier's invoice through the AFNOR platform", () => {
  it("refusal and dispute go to the supplier as CDAR flows with the reason, each once even when retried", async () => {
    const answer = (status: "refusee" | "en_litige", message: string) =>
      context.einvoicing.respond(
        SIREN,
        "flux-fournisseur-42",
        { status, message, occurredAt: new Date() },
        { number: "F-42", issueDate: "2026-11-02" },
      );
    await answer("en_litige", "Quantité facturée supérieure à la commande");
    pa.failNext(1);
    await expect(answer("refusee", "Prestation non commandée")).rejects.toThrow(
      "La plateforme agréée a refusé la recherche de flux (HTTP 503, RESOURCE_ERROR : Service unavailable).",
    );
    await answer("refusee", "Prestation non commandée");
    await answer("refusee", "Prestation non commandée");
    const sent = pa.sentStatuses().filter((status) => status.invoiceNumber === "F-42");
    expect(
      sent.map(({ status, reason, issuerSiren, invoiceIssueDate }) => ({
        status,
        reason,
        issuerSiren,
        invoiceIssueDate,
      })),
    ).toEqual([
      {
        status: "en_litige",
        reason: "Quantité facturée supérieure à la commande",
        issuerSiren: SIREN,
        invoiceIssueDate: "2026-11-02",
      },
      {
        status: "refusee",
        reason: "Prestation non commandée",
        issuerSiren: SIREN,
        invoiceIssueDate: "2026-11-02",
      },
    ]);
  });
});

describe("receiving a supplier's invoice through the AFNOR platform", () => {
  it("the job takes the flow for the user whose SIREN is the buyer's, once; refusing it tells the supplier", async () => {
    const supplierXml = ciiInvoice({ number: "FOUR-7", siren: BUYER_SIREN }).replace(
      '<ram:ID schemeID="0002">100000009</ram:ID>',
      `<ram:ID schemeID="0002">${SIREN}</ram:ID>`,
    );
    pa.deliverInvoice(utf8(supplierXml));
    // Addressed to someone else: not taken by this user.
    pa.deliverInvoice(utf8(ciiInvoice({ number: "AUTRE-1", siren: BUYER_SIREN })));
    expect(await pullReceivedInvoices(job)).toBe(1);
    expect(await pullReceivedInvoices(job)).toBe(0);
    const list = async () =>
      (await (await call(context, "/api/einvoicing/inbox", { cookie: seller.cookie })).json()) as {
        id: string;
        number: string;
        status: string;
      }[];
    const [item] = await list();
    expect(item).toMatchObject({ number: "FOUR-7", status: "mise_a_disposition" });
    expect((await list()).map((row) => row.number)).toEqual(["FOUR-7"]);

    pa.failNext(1);
    const refused = await call(context, `/api/einvoicing/inbox/${item?.id}/refuse`, {
      method: "POST",
      cookie: seller.cookie,
      body: { reason: "Prestation non commandée" },
    });
    expect(refused.status).toBe(204);
    expect(pa.sentStatuses().filter((status) => status.invoiceNumber === "FOUR-7")).toEqual([]);
    expect(await sendDueAnswers(job, LATER())).toBe(1);
    expect(pa.sentStatuses().filter((status) => status.invoiceNumber === "FOUR-7")).toEqual([
      expect.objectContaining({ status: "refusee", reason: "Prestation non commandée", issuerSiren: SIREN }),
    ]);
  });
});
