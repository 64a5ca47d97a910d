import { addDays, parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients, outboxEmails, projects } from "../../db/schema/index";
import { call, lastEmailTo, markPaid, registerAndConfirm } from "../../test/accounts";
import { pdfText, spaces } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createQuote, duplicateQuote, transitionQuote } from "./quotes.service";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
// Claire sends quotes by e-mail: her own account leaves Alice's and Bruno's counts alone.
let claire: { cookie: string; userId: string };
let claireClientId: string;
const clientEmail = "ines@brasserie-du-nord.fr";

const today = parisToday();
const year = today.slice(0, 4);

const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  clientName: "Dupont SARL",
  lines: [
    { description: "Refonte du site", quantity: 3, unitPriceCents: 45000, vatRateBp: 2000 },
    { description: "Formation", quantity: 0.5, unitPriceCents: 8001, vatRateBp: 1000, unit: "jour" },
  ],
  ...overrides,
});

async function createQuoteFor(cookie: string, body: Record<string, unknown> = quoteBody()) {
  const response = await call(context, "/api/quotes", { method: "POST", cookie, body });
  expect(response.status).toBe(201);
  return response.json();
}

const post = (cookie: string, path: string) =>
  call(context, `/api/quotes${path}`, { method: "POST", cookie });

async function accepted(cookie: string, body?: Record<string, unknown>) {
  const quote = await createQuoteFor(cookie, body);
  expect((await post(cookie, `/${quote.id}/mark-sent`)).status).toBe(200);
  const response = await post(cookie, `/${quote.id}/accept`);
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.devis@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.devis@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  // Bruno's settings give quotes 15 days; Alice has no identity, so she gets the default 30 days.
  await context.database.db.insert(businessIdentities).values({
    userId: bruno.userId,
    legalName: "Bruno Lefèvre EI",
    siret: "73282932000074",
    addressLine1: "8 rue de la République",
    postalCode: "13001",
    city: "Marseille",
    vatRegime: "assujetti",
    vatNumber: "FR44732829320",
    paymentTermsDays: 45,
    quoteValidityDays: 15,
    invoiceFooter: "Merci de votre confiance.",
  });
  claire = await registerAndConfirm(context, { email: "claire.devis@example.fr" });
  await markPaid(context, claire.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: claire.userId,
    legalName: "Claire Morel EI",
    siren: "732829320",
    addressLine1: "5 rue Nationale",
    postalCode: "59000",
    city: "Lille",
    vatRegime: "franchise",
    quoteValidityDays: 20,
  });
  const [client] = await context.database.db
    .insert(clients)
    .values({
      userId: claire.userId,
      name: "Brasserie du Nord",
      contactName: "Inès Martin",
      email: clientEmail,
    })
    .returning();
  claireClientId = client?.id ?? "";
});
afterAll(() => context.close());

describe("drafts", () => {
  it("numbers a quote at creation, computes totals on the server and sets the default validity", async () => {
    const first = await createQuoteFor(alice.cookie, { ...quoteBody(), totalCents: 1 });
    const second = await createQuoteFor(alice.cookie);
    expect(first).toMatchObject({
      quoteNumber: expect.stringMatching(new RegExp(`^DEV-${year}-\\d{4}$`)),
      status: "brouillon",
      date: today,
      validUntil: addDays(today, 30),
      subtotalCents: 139001,
      taxCents: 27400,
      totalCents: 166401,
      invoice: null,
    });
    expect(Number(second.quoteNumber.slice(-4))).toBe(Number(first.quoteNumber.slice(-4)) + 1);
    expect(first.lines.map((line: { totalCents: number }) => line.totalCents)).toEqual([135000, 4001]);
    const brunos = await createQuoteFor(bruno.cookie);
    expect(brunos.quoteNumber).toBe(`DEV-${year}-0001`);
    expect(brunos.validUntil).toBe(addDays(today, 15));
  });

  it("refuses bad input with French messages", async () => {
    const response = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody({
        clientName: "",
        lines: [{ description: "", quantity: -1, unitPriceCents: 10, vatRateBp: 1960 }],
      }),
    });
    expect(response.status).toBe(400);
    const messages = (await response.json()).error.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Indiquez le client.",
        "Décrivez la prestation.",
        "La quantité doit être positive.",
        "Taux de TVA non proposé (20 ; 10 ; 5,5 ; 2,1 ou 0 %).",
      ]),
    );
    const inverted = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody({ date: "2026-03-10", validUntil: "2026-03-01" }),
    });
    expect((await inverted.json()).error.issues).toEqual([
      { path: "validUntil", message: "La date de validité ne peut pas précéder la date du devis." },
    ]);
    const empty = await call(context, "/api/quotes", {
      method: "POST",
      cookie: alice.cookie,
      body: quoteBody({ lines: [] }),
    });
    expect((await empty.json()).error.issues).toEqual([
      { path: "lines", message: "Ajoutez au moins une ligne." },
    ]);
    const quote = await createQuoteFor(alice.cookie);
    const backwards = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { validUntil: addDays(today, -1) },
    });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).error.message).toBe(
      "La date de validité ne peut pas précéder la date du devis.",
    );
  });

  it("edits and deletes a draft, links a client of one's own only", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const edited = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: {
        validUntil: addDays(today, 60),
        notes: "Acompte de 30 % à la commande.",
        lines: [{ description: "Audit", quantity: 1, unitPriceCents: 100000, vatRateBp: 1000 }],
      },
    });
    expect(await edited.json()).toMatchObject({
      validUntil: addDays(today, 60),
      notes: "Acompte de 30 % à la commande.",
      subtotalCents: 100000,
      taxCents: 10000,
      totalCents: 110000,
      quoteNumber: quote.quoteNumber,
    });
    const [brunosClient] = await context.database.db
      .insert(clients)
      .values({ userId: bruno.userId, name: "Client de Bruno" })
      .returning();
    const foreign = await call(context, `/api/quotes/${quote.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { clientId: brunosClient?.id },
    });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.issues).toEqual([
      { path: "clientId", message: "Client introuvable." },
    ]);
    expect(
      (await call(context, `/api/quotes/${quote.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(204);
    expect((await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).status).toBe(404);
  });
});

describe("statuses", () => {
  it("goes brouillon → envoyé (marked by hand) → accepté with timestamps, and freezes once sent", async () => {
    const quote = await createQuoteFor(alice.cookie);
    expect((await post(alice.cookie, `/${quote.id}/accept`)).status).toBe(409);
    const sent = await (await post(alice.cookie, `/${quote.id}/mark-sent`)).json();
    expect(sent).toMatchObject({ status: "envoyé", sentAt: expect.any(String), acceptedAt: null });
    const again = await post(alice.cookie, `/${quote.id}/mark-sent`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(
      "Ce devis a déjà été envoyé : seul un brouillon peut l'être.",
    );
    for (const [method, body] of [
      ["PATCH", { notes: "Trop tard" }],
      ["DELETE", undefined],
    ] as const) {
      const refused = await call(context, `/api/quotes/${quote.id}`, { method, cookie: alice.cookie, body });
      expect(refused.status, method).toBe(409);
      expect((await refused.json()).error.message).toBe(
        "Seul un devis en brouillon peut être modifié ou supprimé : ce devis a déjà été envoyé.",
      );
    }
    const acceptedQuote = await (await post(alice.cookie, `/${quote.id}/accept`)).json();
    expect(acceptedQuote).toMatchObject({ status: "accepté", acceptedAt: expect.any(String) });
    const refuse = await post(alice.cookie, `/${quote.id}/refuse`);
    expect(refuse.status).toBe(409);
    expect((await refuse.json()).error.message).toBe("Seul un devis envoyé peut être marqué comme refusé.");
  });

  it("marks a sent quote as refused", async () => {
    const quote = await createQuoteFor(alice.cookie);
    await post(alice.cookie, `/${quote.id}/mark-sent`);
    const refused = await (await post(alice.cookie, `/${quote.id}/refuse`)).json();
    expect(refused).toMatchObject({ status: "refusé", refusedAt: expect.any(String) });
    expect((await post(alice.cookie, `/${quote.id}/convert`)).status).toBe(409);
  });

  it("reads a sent quote past its validity as expiré, which cannot be accepted", async () => {
    const long = Date.now() - 40 * 86_400_000;
    const quote = await createQuote(context.database.db, {
      userId: alice.userId,
      input: { clientName: "Ancien prospect", lines: quoteBody().lines },
      now: new Date(long),
    });
    await transitionQuote(context.database.db, {
      userId: alice.userId,
      id: quote.id,
      to: "send",
      now: new Date(long),
    });
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(read.status).toBe("expiré");
    const accept = await post(alice.cookie, `/${quote.id}/accept`);
    expect(accept.status).toBe(409);
    expect((await accept.json()).error.message).toMatch(
      /^Ce devis a expiré le .* : il ne peut plus être accepté/,
    );

    const expiredList = await (
      await call(context, "/api/quotes?status=expiré&pageSize=100", { cookie: alice.cookie })
    ).json();
    expect(expiredList.items.map((item: { id: string }) => item.id)).toContain(quote.id);
    const sentList = await (
      await call(context, "/api/quotes?status=envoyé&pageSize=100", { cookie: alice.cookie })
    ).json();
    expect(sentList.items.map((item: { id: string }) => item.id)).not.toContain(quote.id);

    // A draft whose validity has passed cannot be sent until its date is moved.
    const stale = await createQuote(context.database.db, {
      userId: alice.userId,
      input: { clientName: "Prospect lent", lines: quoteBody().lines },
      now: new Date(long),
    });
    for (const path of ["send", "mark-sent"]) {
      const send = await post(alice.cookie, `/${stale.id}/${path}`);
      expect(send.status, path).toBe(409);
      expect((await send.json()).error.message).toMatch(
        /est dépassée : modifiez-la avant d'envoyer le devis\.$/,
      );
    }
  });
});

describe("sending by e-mail", () => {
  const clientId = () => claireClientId;
  const clientQuote = () =>
    createQuoteFor(claire.cookie, quoteBody({ clientId: clientId(), clientName: "Brasserie du Nord" }));
  const send = (id: string, body?: Record<string, unknown>) =>
    call(context, `/api/quotes/${id}/send`, { method: "POST", cookie: claire.cookie, body });
  const mailsTo = async (address: string) =>
    (await context.database.db.select().from(outboxEmails)).filter((mail) => mail.toAddress === address)
      .length;
  const pdfOf = (mail: Awaited<ReturnType<typeof lastEmailTo>>, name: string) => {
    const content = mail?.attachments[0]?.contentBase64;
    if (!content) throw new Error("no PDF attached");
    return pdfText(new Uint8Array(Buffer.from(content, "base64")).buffer, name);
  };

  it("with an empty body, sends the default message and the PDF to the client, and marks the draft sent", async () => {
    const quote = await clientQuote();
    expect(quote.clientEmail).toBe(clientEmail);
    const response = await send(quote.id);
    expect(response.status).toBe(200);
    const sent = await response.json();
    expect(sent).toMatchObject({ id: quote.id, status: "envoyé", sentAt: expect.any(String) });
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: claire.cookie })).json();
    expect(read).toMatchObject({ status: "envoyé", sentAt: sent.sentAt });

    const mail = await lastEmailTo(context, clientEmail);
    expect(mail?.subject).toBe(`Devis ${quote.quoteNumber} — Claire Morel EI`);
    const validity = formatDate(addDays(today, 20));
    expect(spaces(mail?.text ?? "")).toContain(
      spaces(
        `Bonjour Inès Martin,\n\nVeuillez trouver ci-joint le devis ${quote.quoteNumber} d'un montant de ${formatMoney(166401)} TTC, valable jusqu'au ${validity}.`,
      ),
    );
    expect(mail?.text).toContain("Cordialement,\nClaire Morel EI");
    expect(spaces(mail?.text ?? "")).toContain(spaces(`Montant TTC : ${formatMoney(166401)}`));
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: `Devis-${quote.quoteNumber}.pdf`,
        contentType: "application/pdf",
      }),
    ]);
    // The client receives the quote as sent, not the draft's watermarked copy.
    const pdf = pdfOf(mail, "devis-envoye-par-email");
    expect(pdf).toContain(`N° ${quote.quoteNumber}`);
    expect(pdf).toContain("Brasserie du Nord");
    expect(pdf).not.toContain("Brouillon");
  });

  it("sends the freelancer's own message to another address, and sends a sent quote again", async () => {
    const quote = await clientQuote();
    const first = await (await send(quote.id)).json();
    const message = "Bonjour Paul,\n\nComme convenu, voici le devis de la refonte.\n\nClaire";
    const response = await send(quote.id, { to: "paul@brasserie-du-nord.fr", message });
    expect(response.status).toBe(200);
    const again = await response.json();
    expect(again.status).toBe("envoyé");
    expect(new Date(again.sentAt).getTime()).toBeGreaterThan(new Date(first.sentAt).getTime());
    const mail = await lastEmailTo(context, "paul@brasserie-du-nord.fr");
    expect(mail?.text).toContain("Bonjour Paul,\n\nComme convenu, voici le devis de la refonte.\n\nClaire");
    // Not greeted as the client's contact: the address is not hers.
    expect(mail?.text).not.toContain("Inès");
    expect(mail?.text).not.toContain("Veuillez trouver ci-joint");
    expect(mail?.attachments).toHaveLength(1);
  });

  it("sends an accepted quote again, keeping it accepted", async () => {
    const quote = await clientQuote();
    await post(claire.cookie, `/${quote.id}/mark-sent`);
    await post(claire.cookie, `/${quote.id}/accept`);
    const before = await mailsTo(clientEmail);
    const response = await send(quote.id, { message: "Voici le devis signé pour vos archives." });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "accepté", acceptedAt: expect.any(String) });
    expect(await mailsTo(clientEmail)).toBe(before + 1);
  });

  it("refuses to send a refused or an expired quote, and sends nothing", async () => {
    const refusedQuote = await clientQuote();
    await post(claire.cookie, `/${refusedQuote.id}/mark-sent`);
    await post(claire.cookie, `/${refusedQuote.id}/refuse`);
    const long = Date.now() - 40 * 86_400_000;
    const old = await createQuote(context.database.db, {
      userId: claire.userId,
      input: { clientId: clientId(), clientName: "Brasserie du Nord", lines: quoteBody().lines },
      now: new Date(long),
    });
    await transitionQuote(context.database.db, {
      userId: claire.userId,
      id: old.id,
      to: "send",
      now: new Date(long),
    });
    const before = await mailsTo(clientEmail);

    const refused = await send(refusedQuote.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "Ce devis a été refusé : il ne peut plus être envoyé. Dupliquez-le pour proposer une nouvelle offre.",
    );
    const expired = await send(old.id);
    expect(expired.status).toBe(409);
    expect((await expired.json()).error.message).toBe(
      `Ce devis a expiré le ${formatDate(old.validUntil)} : il ne peut plus être envoyé. Dupliquez-le avec une nouvelle validité.`,
    );
    expect(await mailsTo(clientEmail)).toBe(before);
  });

  it("asks for a recipient when the client has none, checks the address and the message", async () => {
    const quote = await createQuoteFor(claire.cookie, quoteBody({ clientName: "Client sans e-mail" }));
    expect(quote.clientEmail).toBeNull();
    const noRecipient = await send(quote.id);
    expect(noRecipient.status).toBe(400);
    expect((await noRecipient.json()).error).toMatchObject({
      message: "Ce client n'a pas d'adresse e-mail : indiquez un destinataire.",
      issues: [{ path: "to", message: "Indiquez l'adresse du destinataire." }],
    });
    const badAddress = await send(quote.id, { to: "pas-une-adresse" });
    expect(badAddress.status).toBe(400);
    expect((await badAddress.json()).error.issues).toEqual([
      { path: "to", message: "Adresse e-mail invalide" },
    ]);
    const empty = await send(quote.id, { to: "contact@example.fr", message: "   " });
    expect((await empty.json()).error.issues).toEqual([{ path: "message", message: "Écrivez un message." }]);
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: claire.cookie })).json();
    expect(read).toMatchObject({ status: "brouillon", sentAt: null });

    const withAddress = await send(quote.id, { to: "contact@example.fr" });
    expect(withAddress.status).toBe(200);
    expect((await lastEmailTo(context, "contact@example.fr"))?.subject).toBe(
      `Devis ${quote.quoteNumber} — Claire Morel EI`,
    );
  });

  it("says what is missing when the seller has no identity, and leaves the draft a draft", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const response = await call(context, `/api/quotes/${quote.id}/send`, {
      method: "POST",
      cookie: alice.cookie,
      body: { to: "prospect@example.fr" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(
      "Renseignez votre identité dans Paramètres pour générer le PDF.",
    );
    expect(await lastEmailTo(context, "prospect@example.fr")).toBeUndefined();
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(read.status).toBe("brouillon");
  });
});

describe("duplication", () => {
  it("copies an expired quote into a new numbered draft with today's date and the default validity", async () => {
    const [client] = await context.database.db
      .insert(clients)
      .values({ userId: alice.userId, name: "Maison Verte" })
      .returning();
    const [project] = await context.database.db
      .insert(projects)
      .values({ userId: alice.userId, clientId: client?.id, name: "Refonte 2025" })
      .returning();
    const long = Date.now() - 40 * 86_400_000;
    const source = await createQuote(context.database.db, {
      userId: alice.userId,
      input: {
        ...quoteBody({ clientName: "Maison Verte" }),
        clientId: client?.id,
        projectId: project?.id,
        notes: "Acompte de 30 % à la commande.",
        terms: "Devis gratuit.",
      },
      now: new Date(long),
    });
    await transitionQuote(context.database.db, {
      userId: alice.userId,
      id: source.id,
      to: "send",
      now: new Date(long),
    });

    const response = await post(alice.cookie, `/${source.id}/duplicate`);
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy).toMatchObject({
      status: "brouillon",
      clientId: client?.id,
      clientName: "Maison Verte",
      projectId: project?.id,
      date: today,
      validUntil: addDays(today, 30),
      notes: "Acompte de 30 % à la commande.",
      terms: "Devis gratuit.",
      subtotalCents: source.subtotalCents,
      taxCents: source.taxCents,
      totalCents: source.totalCents,
      sentAt: null,
      invoice: null,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.quoteNumber).toMatch(new RegExp(`^DEV-${year}-\\d{4}$`));
    expect(copy.quoteNumber).not.toBe(source.quoteNumber);
    const fields = ({ description, quantity, unit, unitPriceCents, vatRateBp }: Record<string, unknown>) => ({
      description,
      quantity,
      unit,
      unitPriceCents,
      vatRateBp,
    });
    expect(copy.lines.map(fields)).toEqual(source.lines.map(fields));
    expect(copy.lines.map((line: { id: string }) => line.id)).not.toContain(source.lines[0]?.id);

    // The copy is a draft of its own: editable, while the expired quote stays as it was.
    const edited = await call(context, `/api/quotes/${copy.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { notes: "Nouvelle proposition." },
    });
    expect(edited.status).toBe(200);
    const original = await (await call(context, `/api/quotes/${source.id}`, { cookie: alice.cookie })).json();
    expect(original).toMatchObject({ status: "expiré", notes: "Acompte de 30 % à la commande." });
  });

  it("uses the seller's validity, and leaves the invoice of a converted quote behind", async () => {
    const quote = await accepted(claire.cookie, quoteBody({ clientName: "Copie de Claire" }));
    expect((await post(claire.cookie, `/${quote.id}/convert`)).status).toBe(201);
    const copy = await duplicateQuote(context.database.db, { userId: claire.userId, id: quote.id });
    expect(copy).toMatchObject({
      status: "brouillon",
      clientName: "Copie de Claire",
      validUntil: addDays(today, 20),
      invoice: null,
      acceptedAt: null,
      sentAt: null,
    });
    const list = await (await call(context, "/api/quotes?search=Copie", { cookie: claire.cookie })).json();
    expect(list.total).toBe(2);
  });
});

describe("conversion to an invoice", () => {
  it("copies the lines into an invoice draft, keeps the link, and refuses a second conversion", async () => {
    const [client] = await context.database.db
      .insert(clients)
      .values({ userId: alice.userId, name: "Atelier Lumière" })
      .returning();
    const quote = await accepted(
      alice.cookie,
      quoteBody({ clientId: client?.id, clientName: "Atelier Lumière" }),
    );
    const response = await post(alice.cookie, `/${quote.id}/convert`);
    expect(response.status).toBe(201);
    const invoice = await response.json();
    expect(invoice).toMatchObject({
      status: "brouillon",
      clientId: client?.id,
      clientName: "Atelier Lumière",
      subtotalCents: quote.subtotalCents,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      notes: expect.stringContaining(quote.quoteNumber),
    });
    expect(
      invoice.lines.map(
        ({ description, quantity, unit, unitPriceCents, vatRateBp }: Record<string, unknown>) => ({
          description,
          quantity,
          unit,
          unitPriceCents,
          vatRateBp,
        }),
      ),
    ).toEqual(
      quote.lines.map(
        ({ description, quantity, unit, unitPriceCents, vatRateBp }: Record<string, unknown>) => ({
          description,
          quantity,
          unit,
          unitPriceCents,
          vatRateBp,
        }),
      ),
    );
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    expect(read.invoice).toEqual({ id: invoice.id, invoiceNumber: null });

    const second = await post(alice.cookie, `/${quote.id}/convert`);
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.error.message).toBe("Ce devis a déjà été converti en facture (brouillon).");
    expect(body.error.issues).toEqual([{ path: "invoiceId", message: invoice.id }]);
  });

  it("keeps one invoice when two conversions race", async () => {
    const quote = await accepted(alice.cookie);
    const responses = await Promise.all([1, 2, 3].map(() => post(alice.cookie, `/${quote.id}/convert`)));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    const list = await (await call(context, "/api/invoices?pageSize=100", { cookie: alice.cookie })).json();
    const read = await (await call(context, `/api/quotes/${quote.id}`, { cookie: alice.cookie })).json();
    const fromQuote = list.items.filter((item: { notes: string | null }) =>
      item.notes?.includes(quote.quoteNumber),
    );
    expect(fromQuote.map((item: { id: string }) => item.id)).toEqual([read.invoice.id]);
  });

  it("refuses to convert a quote that is not accepted", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const response = await post(alice.cookie, `/${quote.id}/convert`);
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      "Seul un devis accepté peut être converti en facture.",
    );
  });
});

describe("list and export", () => {
  it("searches by number or client, filters by status, pages, and exports a French CSV", async () => {
    const target = await createQuoteFor(bruno.cookie, quoteBody({ clientName: "Boulangerie Martin" }));
    await accepted(bruno.cookie, quoteBody({ clientName: "Boulangerie Martin" }));
    const byClient = await (
      await call(context, "/api/quotes?search=boulangerie", { cookie: bruno.cookie })
    ).json();
    expect(byClient.total).toBe(2);
    const byNumber = await (
      await call(context, `/api/quotes?search=${target.quoteNumber}`, { cookie: bruno.cookie })
    ).json();
    expect(byNumber.items.map((item: { id: string }) => item.id)).toEqual([target.id]);
    const acceptedOnly = await (
      await call(context, "/api/quotes?status=accepté&search=Martin", { cookie: bruno.cookie })
    ).json();
    expect(acceptedOnly.total).toBe(1);
    const page = await (
      await call(context, "/api/quotes?pageSize=1&page=2", { cookie: bruno.cookie })
    ).json();
    expect(page).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(page.items).toHaveLength(1);
    const badStatus = await call(context, "/api/quotes?status=payée", { cookie: bruno.cookie });
    expect(badStatus.status).toBe(400);

    const csv = await call(context, "/api/quotes/export.csv?search=Martin", { cookie: bruno.cookie });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(
      /attachment; filename="devis-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Numéro;Client;Date;Valable jusqu'au;Statut;Total HT (€);TVA (€);Total TTC (€);Facture",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(";Accepté;1\u202f390,01;274,00;1\u202f664,01;");
  });
});

describe("PDF", () => {
  it("prints the quote with totals per rate, validity, VAT mention and the Bon pour accord block", async () => {
    const [client] = await context.database.db
      .insert(clients)
      .values({
        userId: bruno.userId,
        name: "Boulangerie Durand SAS",
        addressLine1: "1 place du Marché",
        postalCode: "75004",
        city: "Paris",
        siren: "552100554",
      })
      .returning();
    const quote = await createQuoteFor(
      bruno.cookie,
      quoteBody({ clientId: client?.id, clientName: client?.name, notes: "Acompte de 30 % à la commande." }),
    );
    const response = await call(context, `/api/quotes/${quote.id}/pdf`, { cookie: bruno.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Devis-${quote.quoteNumber}.pdf"`,
    );
    const draft = pdfText(await response.arrayBuffer(), "devis-brouillon");
    expect(draft).toContain("Brouillon — non envoyé");
    await post(bruno.cookie, `/${quote.id}/mark-sent`);
    const text = pdfText(
      await (await call(context, `/api/quotes/${quote.id}/pdf`, { cookie: bruno.cookie })).arrayBuffer(),
      "devis-envoye",
    );
    for (const expected of [
      "DEVIS",
      `N° ${quote.quoteNumber}`,
      "Bruno Lefèvre EI",
      "SIRET 73282932000074",
      "N° TVA intracommunautaire : FR44732829320",
      "Boulangerie Durand SAS",
      "Refonte du site",
      `TVA 20 % sur ${formatMoney(135000)}`,
      `TVA 10 % sur ${formatMoney(4001)}`,
      formatMoney(166401),
      `Valable jusqu'au : ${formatDate(addDays(today, 15))}`,
      "Acompte de 30 % à la commande.",
      "Facture payable à 45 jours à compter de sa date d'émission",
      "Bon pour accord",
      "Date, signature et mention « Bon pour accord »",
      "Merci de votre confiance.",
      "Page 1 / 1",
      "[pages: 1]",
    ]) {
      expect(text, expected).toContain(spaces(expected));
    }
    expect(text).not.toContain("Brouillon");
    expect(text).not.toContain("TVA non applicable");
    expect(text).not.toContain("date de facture");
  });

  it("says what is missing when the seller has no identity yet", async () => {
    const quote = await createQuoteFor(alice.cookie);
    const response = await call(context, `/api/quotes/${quote.id}/pdf`, { cookie: alice.cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(
      "Renseignez votre identité dans Paramètres pour générer le PDF.",
    );
  });
});

describe("isolation", () => {
  it("answers 404 to another user on every route, and lists only one's own quotes", async () => {
    const quote = await accepted(alice.cookie, quoteBody({ clientName: "Secret d'Alice" }));
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { clientName: "Intrus" }],
      ["DELETE", "", undefined],
      ["POST", "/send", { to: "intrus@example.fr", message: "Bonjour" }],
      ["POST", "/send", undefined],
      ["POST", "/mark-sent", undefined],
      ["POST", "/duplicate", undefined],
      ["POST", "/accept", undefined],
      ["POST", "/refuse", undefined],
      ["POST", "/convert", undefined],
      ["GET", "/pdf", undefined],
    ] as const) {
      const response = await call(context, `/api/quotes/${quote.id}${path}`, {
        method,
        cookie: bruno.cookie,
        body,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toBe("Devis introuvable.");
    }
    expect((await call(context, "/api/quotes/pas-un-uuid", { cookie: alice.cookie })).status).toBe(404);
    const list = await (await call(context, "/api/quotes?pageSize=100", { cookie: bruno.cookie })).json();
    expect(list.items.some((item: { id: string }) => item.id === quote.id)).toBe(false);
    const csv = await (await call(context, "/api/quotes/export.csv", { cookie: bruno.cookie })).text();
    expect(csv).not.toContain("Secret d'Alice");
    expect((await call(context, "/api/quotes", {})).status).toBe(401);
    expect(await lastEmailTo(context, "intrus@example.fr")).toBeUndefined();
  });
});
