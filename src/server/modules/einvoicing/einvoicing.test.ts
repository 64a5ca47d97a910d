import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { pullReceivedInvoices, sendDueAnswers } from "../../jobs/einvoice-inbox-job";
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
  const received = async () => {
    const response = await call(context, "/api/einvoicing/inbox", { cookie: seller.cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  const answerOf = (name: string, code: number) =>
    JSON.parse(readFileSync(join(inbox, SIREN, "recu", `${name}.status-${code}.json`), "utf8"));
  const pull = () =>
    pullReceivedInvoices({ db: context.database.db, platform: context.einvoicing, logger: context.logger });

  it("the job takes the invoices addressed to the user's SIREN, once; confirming one makes an expense and answers « approuvée »", async () => {
    mkdirSync(join(inbox, SIREN), { recursive: true });
    writeFileSync(join(inbox, SIREN, "nuage.xml"), ciiInvoice({ number: "PA-1" }));
    writeFileSync(join(inbox, SIREN, "illisible.xml"), "<Order/>");
    // Nothing is read on the request path: the inbox fills from the job.
    expect(await received()).toEqual([]);
    expect(await pull()).toBe(1);
    expect(await pull()).toBe(0);

    const [item, ...others] = await received();
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      fileName: "nuage.xml",
      status: "mise_a_disposition",
      statusLabel: "Mise à disposition",
      number: "PA-1",
      grossCents: 142000,
      preview: { draft: { amountCents: 142000 }, invoice: { number: "PA-1" } },
      error: null,
    });
    expect(existsSync(join(inbox, SIREN, "recu", "nuage.xml"))).toBe(true);
    // An unreadable file is rejected back to its sender with the reason; nothing of it is stored.
    expect(existsSync(join(inbox, SIREN, "illisible.xml"))).toBe(false);
    expect(answerOf("illisible.xml", 213)).toMatchObject({
      label: "Rejetée",
      message: expect.stringMatching(/Format non reconnu/),
    });

    const confirmed = await call(context, `/api/einvoicing/inbox/${item.id}/confirm`, {
      method: "POST",
      cookie: seller.cookie,
      body: { title: "Hébergement reçu" },
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(201);
    const expense = await confirmed.json();
    expect(expense).toMatchObject({
      title: "Hébergement reçu",
      supplierInvoiceNumber: "PA-1",
      receipt: { name: "nuage.xml" },
    });
    expect(answerOf("nuage.xml", 205)).toMatchObject({ code: 205, label: "Approuvée" });
    const [approved] = await received();
    expect(approved).toMatchObject({
      id: item.id,
      status: "approuvee",
      statusLabel: "Approuvée",
      expenseId: expense.id,
      preview: null,
    });
    expect(approved.decidedAt).not.toBeNull();

    const twice = await call(context, `/api/einvoicing/inbox/${item.id}/refuse`, {
      method: "POST",
      cookie: seller.cookie,
      body: { reason: "Trop tard" },
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toBe("Cette facture reçue a déjà été acceptée ou refusée.");
  });

  it("refusing one needs a reason, which goes back to the supplier with « refusée »; the invoice stays listed", async () => {
    writeFileSync(join(inbox, SIREN, "erreur.xml"), ciiInvoice({ number: "PA-2" }));
    expect(await pull()).toBe(1);
    const waiting = (await received()).find((item: { number: string }) => item.number === "PA-2");
    const path = `/api/einvoicing/inbox/${waiting.id}/refuse`;
    const empty = await call(context, path, { method: "POST", cookie: seller.cookie, body: { reason: " " } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.issues[0].message).toBe("Indiquez le motif du refus.");

    const refused = await call(context, path, {
      method: "POST",
      cookie: seller.cookie,
      body: { reason: "Prestation non commandée" },
    });
    expect(refused.status, await refused.clone().text()).toBe(204);
    expect(answerOf("erreur.xml", 210)).toMatchObject({
      label: "Refusée",
      message: "Prestation non commandée",
    });
    const listed = await received();
    expect(listed.map((item: { number: string; status: string }) => `${item.number} ${item.status}`)).toEqual(
      ["PA-2 refusee", "PA-1 approuvee"],
    );
    expect(listed[0]).toMatchObject({ reason: "Prestation non commandée", expenseId: null });

    const confirm = await call(context, `/api/einvoicing/inbox/${waiting.id}/confirm`, {
      method: "POST",
      cookie: seller.cookie,
      body: { title: "Non" },
    });
    expect(confirm.status).toBe(409);
  });

  it("an answer the platform does not take is kept, shown as failed and sent by the job's next try", async () => {
    writeFileSync(join(inbox, SIREN, "panne.xml"), ciiInvoice({ number: "PA-3" }));
    expect(await pull()).toBe(1);
    const waiting = (await received()).find((item: { number: string }) => item.number === "PA-3");
    // The platform fails: the place its answer goes to is taken by a directory.
    const blocker = join(inbox, SIREN, "recu", "panne.xml.status-210.json");
    mkdirSync(blocker);
    const refused = await call(context, `/api/einvoicing/inbox/${waiting.id}/refuse`, {
      method: "POST",
      cookie: seller.cookie,
      body: { reason: "Doublon de PA-2" },
    });
    expect(refused.status, await refused.clone().text()).toBe(204);
    const failed = (await received()).find((item: { number: string }) => item.number === "PA-3");
    expect(failed).toMatchObject({ status: "refusee", reason: "Doublon de PA-2" });
    expect(failed.answerFailure.message).toMatch(/EISDIR/);
    // The first retry is due 15 s after the failed try.
    const retryAt = new Date(failed.answerFailure.nextTryAt);
    expect(retryAt.getTime() - new Date(failed.decidedAt).getTime()).toBe(15_000);

    const job = (at: Date) =>
      sendDueAnswers({ db: context.database.db, platform: context.einvoicing, logger: context.logger }, at);
    rmdirSync(blocker);
    expect(await job(new Date(retryAt.getTime() - 1000))).toBe(0);
    expect(existsSync(blocker)).toBe(false);
    expect(await job(retryAt)).toBe(1);
    expect(answerOf("panne.xml", 210)).toMatchObject({ label: "Refusée", message: "Doublon de PA-2" });
    const sent = (await received()).find((item: { number: string }) => item.number === "PA-3");
    expect(sent.answerFailure).toBeNull();
    expect(await job(new Date(retryAt.getTime() + 3_600_000))).toBe(0);
  });

  it("one can be put in dispute with a reason (« en litige », told to the supplier); it still waits for an answer", async () => {
    writeFileSync(join(inbox, SIREN, "litige.xml"), ciiInvoice({ number: "PA-4" }));
    expect(await pull()).toBe(1);
    const waiting = (await received()).find((item: { number: string }) => item.number === "PA-4");
    const dispute = (reason: string) =>
      call(context, `/api/einvoicing/inbox/${waiting.id}/dispute`, {
        method: "POST",
        cookie: seller.cookie,
        body: { reason },
      });
    expect((await dispute("Quantité facturée supérieure à la commande")).status).toBe(204);
    expect(answerOf("litige.xml", 207)).toMatchObject({
      label: "En litige",
      message: "Quantité facturée supérieure à la commande",
    });
    const disputed = (await received()).find((item: { number: string }) => item.number === "PA-4");
    expect(disputed).toMatchObject({
      status: "en_litige",
      statusLabel: "En litige",
      decidedAt: expect.any(String),
    });
    expect(disputed.preview).not.toBeNull();
    expect((await dispute("Encore")).status).toBe(409);

    // The supplier corrected it: the user accepts it in the end.
    const confirmed = await call(context, `/api/einvoicing/inbox/${waiting.id}/confirm`, {
      method: "POST",
      cookie: seller.cookie,
      body: { title: "Fournitures" },
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(201);
    expect(answerOf("litige.xml", 205)).toMatchObject({ label: "Approuvée" });
  });

  it("another user sees none of them and cannot answer them", async () => {
    const other = await registerAndConfirm(context, { email: "pa-other@example.fr" });
    await markPaid(context, other.userId);
    const [item] = await received();
    const list = await call(context, "/api/einvoicing/inbox", { cookie: other.cookie });
    expect(await list.json()).toEqual([]);
    const refuse = await call(context, `/api/einvoicing/inbox/${item.id}/refuse`, {
      method: "POST",
      cookie: other.cookie,
      body: { reason: "Pas à moi" },
    });
    expect(refuse.status).toBe(404);
  });
});
