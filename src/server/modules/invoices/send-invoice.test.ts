import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients } from "../../db/schema/index";
import { call, lastEmailTo, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";

let context: TestContext;
let seller: { cookie: string; userId: string };
let clientId: string;

beforeAll(async () => {
  context = await createTestContext();
  seller = await registerAndConfirm(context, { email: "envoi@example.fr" });
  await markPaid(context, seller.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: seller.userId,
    legalName: "Hugo Lemaire EI",
    siren: "732829320",
    addressLine1: "5 rue Nationale",
    postalCode: "59000",
    city: "Lille",
    vatRegime: "franchise",
    paymentTermsDays: 15,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
  const [client] = await context.database.db
    .insert(clients)
    .values({
      addressLine1: "1 rue Haute",
      postalCode: "75004",
      city: "Paris",
      userId: seller.userId,
      name: "Brasserie du Nord",
      siren: "552100554",
      contactName: "Inès Martin",
      email: "ines@brasserie-du-nord.fr",
    })
    .returning();
  clientId = client?.id ?? "";
});
afterAll(() => context.close());

const createDraft = async () =>
  (
    await call(context, "/api/invoices", {
      method: "POST",
      cookie: seller.cookie,
      body: {
        clientId,
        clientName: "Brasserie du Nord",
        lines: [{ description: "Site vitrine", quantity: 1, unitPriceCents: 150000, vatRateBp: 0 }],
      },
    })
  ).json();

describe("sending an invoice by e-mail", () => {
  it("asks for confirmation before issuing a draft, then issues, attaches the PDF and records the sending", async () => {
    const draft = await createDraft();
    const message = "Bonjour Inès,\n\nVoici la facture du site vitrine.\n\nBelle journée,\nHugo";
    const unconfirmed = await call(context, `/api/invoices/${draft.id}/send`, {
      method: "POST",
      cookie: seller.cookie,
      body: { message },
    });
    expect(unconfirmed.status).toBe(409);
    expect((await unconfirmed.json()).error.message).toBe(
      "Cette facture est un brouillon : confirmez son émission avant de l'envoyer.",
    );

    const sent = await call(context, `/api/invoices/${draft.id}/send`, {
      method: "POST",
      cookie: seller.cookie,
      body: { message, issueDraft: true },
    });
    expect(sent.status).toBe(200);
    const invoice = await sent.json();
    expect(invoice).toMatchObject({
      status: "en-attente",
      sentAt: expect.any(String),
      buyer: { email: "ines@brasserie-du-nord.fr" },
    });

    const mail = await lastEmailTo(context, "ines@brasserie-du-nord.fr");
    expect(mail?.subject).toBe(`Facture ${invoice.invoiceNumber} — Hugo Lemaire EI`);
    expect(mail?.text).toContain("Voici la facture du site vitrine.");
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: `Facture-${invoice.invoiceNumber}.pdf`,
        contentType: "application/pdf",
      }),
    ]);
  });

  it("needs a recipient when the client has no e-mail, and refuses an empty message", async () => {
    const draft = await (
      await call(context, "/api/invoices", {
        method: "POST",
        cookie: seller.cookie,
        body: {
          clientName: "Client sans e-mail",
          typedBuyer: TYPED_BUSINESS,
          lines: [{ description: "Conseil", quantity: 1, unitPriceCents: 10000, vatRateBp: 0 }],
        },
      })
    ).json();
    const noRecipient = await call(context, `/api/invoices/${draft.id}/send`, {
      method: "POST",
      cookie: seller.cookie,
      body: { message: "Bonjour", issueDraft: true },
    });
    expect((await noRecipient.json()).error.message).toBe(
      "Ce client n'a pas d'adresse e-mail : indiquez un destinataire.",
    );
    const empty = await call(context, `/api/invoices/${draft.id}/send`, {
      method: "POST",
      cookie: seller.cookie,
      body: { message: "  ", to: "x@example.fr" },
    });
    expect((await empty.json()).error.issues).toEqual([{ path: "message", message: "Écrivez un message." }]);
  });

  it("shows payments and the credit note on the invoice's detail", async () => {
    const draft = await createDraft();
    await call(context, `/api/invoices/${draft.id}/issue`, { method: "POST", cookie: seller.cookie });
    await call(context, `/api/invoices/${draft.id}/payments`, {
      method: "POST",
      cookie: seller.cookie,
      body: { amountCents: 50000, method: "cheque", reference: "CHQ 1234" },
    });
    const detail = await (await call(context, `/api/invoices/${draft.id}`, { cookie: seller.cookie })).json();
    expect(detail.payments).toEqual([
      expect.objectContaining({ amountCents: 50000, method: "cheque", reference: "CHQ 1234" }),
    ]);
    expect(detail.seller.legalName).toBe("Hugo Lemaire EI");
    expect(detail.paymentTerms).toBe("Paiement à 15 jours à compter de la date de facture");

    const other = await createDraft();
    await call(context, `/api/invoices/${other.id}/issue`, { method: "POST", cookie: seller.cookie });
    const creditNote = await (
      await call(context, `/api/invoices/${other.id}/cancel`, { method: "POST", cookie: seller.cookie })
    ).json();
    expect(
      (await (await call(context, `/api/invoices/${other.id}`, { cookie: seller.cookie })).json())
        .creditNoteId,
    ).toBe(creditNote.id);
  });
});
