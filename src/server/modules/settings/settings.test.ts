import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthVariables } from "../../auth/session";
import { files } from "../../db/schema/index";
import { AppError } from "../../errors";
import { readFile, saveFile } from "../../storage/file-storage";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { png } from "../../test/png";
import { createTestContext, TEST_APP_URL, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";
import { settingsRoutes } from "./settings.routes";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

let nextUser = 0;
async function paidUser() {
  const account = await registerAndConfirm(context, { email: `reglages.${++nextUser}@example.fr` });
  await markPaid(context, account.userId);
  return account;
}

/** Everything the settings form sends, empty: what a user who has not filled anything would save. */
const emptyForm = {
  legalName: "",
  companyName: "",
  siren: "",
  siret: "",
  apeCode: "",
  registrationMention: "",
  activityCategory: null,
  addressLine1: "",
  addressLine2: "",
  postalCode: "",
  city: "",
  country: "FR",
  email: "",
  phone: "",
  website: "",
  vatRegime: "franchise",
  vatNumber: "",
  vatOnDebits: false,
  iban: "",
  bic: "",
  paymentTermsDays: 30,
  latePenaltyRate: "3 fois le taux d'intérêt légal",
  earlyPaymentDiscount: "",
  quoteValidityDays: 30,
  invoiceFooter: "",
};

const putIdentity = (cookie: string, body: object) =>
  call(context, "/api/settings/identity", { method: "PUT", cookie, body: { ...emptyForm, ...body } });

// --- Real image bytes, built here so the tests show exactly what is uploaded. ---

const TINY_PNG = png(2, 2, [79, 70, 229]);
// A JPEG's start (SOI + JFIF APP0): enough for content sniffing, which is all the server reads.
const TINY_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0", "binary"),
  Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
]);
// A Windows executable's header: what a renamed .exe starts with.
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90), Buffer.from("PE\0\0")]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");

type Requester = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

function upload(
  cookie: string | undefined,
  bytes: Uint8Array,
  name: string,
  type: string,
  app: Requester = context.app,
) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return app.request("/api/settings/logo", {
    method: "POST",
    body: form,
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
  });
}

const errorOf = async (response: Response) => (await response.json()).error;
const logoFilesOf = (userId: string) =>
  context.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.kind, "logo")));

describe("access", () => {
  it("answers 401 to an anonymous caller and 402 to an unpaid one, on every settings route", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "reglages.impaye@example.fr" });
    for (const [method, path] of [
      ["GET", "/api/settings/identity"],
      ["PUT", "/api/settings/identity"],
      ["GET", "/api/settings/logo"],
      ["DELETE", "/api/settings/logo"],
    ] as const) {
      expect((await call(context, path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await call(context, path, { method, cookie })).status, `${method} ${path}`).toBe(402);
    }
    expect((await upload(undefined, TINY_PNG, "logo.png", "image/png")).status).toBe(401);
    expect((await upload(cookie, TINY_PNG, "logo.png", "image/png")).status).toBe(402);
  });
});

describe("business identity", () => {
  it("creates an empty identity on first read, with the French defaults and everything missing", async () => {
    const { cookie } = await paidUser();
    const response = await call(context, "/api/settings/identity", { cookie });
    expect(response.status).toBe(200);
    const settings = await response.json();
    expect(settings.identity).toMatchObject({
      legalName: "",
      vatRegime: "franchise",
      paymentTermsDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      country: "FR",
      logo: null,
    });
    expect(settings.missingForInvoicing).toEqual([
      "Nom avec la mention EI",
      "SIREN ou SIRET",
      "Adresse",
      "Code postal",
      "Ville",
    ]);
    // Reading twice does not create a second row.
    const again = await (await call(context, "/api/settings/identity", { cookie })).json();
    expect(again.identity.id).toBe(settings.identity.id);
  });

  it("refuses invalid values with French messages", async () => {
    const { cookie } = await paidUser();
    const response = await putIdentity(cookie, {
      legalName: "Camille Martin",
      siren: "123 456 789",
      vatRegime: "assujetti",
      iban: "FR76 3000 6000 0112 3456 7890 188",
      bic: "AGRIFRPP8",
      paymentTermsDays: 90,
      postalCode: "6900",
      email: "camille@",
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(
      Object.fromEntries(
        error.issues.map((issue: { path: string; message: string }) => [issue.path, issue.message]),
      ),
    ).toEqual({
      legalName:
        "Ajoutez « EI » après votre nom (obligatoire pour un entrepreneur individuel), par ex. « Camille Martin EI ».",
      siren: "SIREN invalide : 9 chiffres, vérifiez la saisie.",
      iban: "IBAN invalide : la clé de contrôle ne correspond pas, vérifiez la saisie.",
      bic: "BIC invalide : 8 ou 11 caractères (par ex. AGRIFRPP).",
      paymentTermsDays: "Au maximum 60 jours après la date de facture (loi LME).",
      email: "Adresse e-mail invalide",
      vatNumber: "Indiquez votre numéro de TVA intracommunautaire (assujetti à la TVA).",
      postalCode: "Code postal invalide : 5 chiffres.",
    });
    // Unknown fields are refused rather than silently dropped.
    expect((await putIdentity(cookie, { logoFileId: "x" })).status).toBe(400);
  });

  it("shrinks the missing list as the identity is filled, and normalises what was typed", async () => {
    const { cookie } = await paidUser();
    const first = await (await putIdentity(cookie, { legalName: "Camille Martin EI", city: "Lyon" })).json();
    expect(first.missingForInvoicing).toEqual(["SIREN ou SIRET", "Adresse", "Code postal"]);

    const second = await putIdentity(cookie, {
      legalName: "Camille Martin EI",
      companyName: "Atelier Ardoise",
      siret: "732 829 320 00074",
      addressLine1: "12 rue de la République",
      postalCode: "69002",
      city: "Lyon",
      iban: "fr76 3000 6000 0112 3456 7890 189",
      bic: "agrifrpp882",
      apeCode: "6202a",
      phone: "06 12 34 56 78",
    });
    expect(second.status).toBe(200);
    const settings = await second.json();
    expect(settings.missingForInvoicing).toEqual([]);
    expect(settings.identity).toMatchObject({
      siret: "73282932000074",
      siren: "732829320",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP882",
      apeCode: "62.02A",
    });
    const reread = await (await call(context, "/api/settings/identity", { cookie })).json();
    expect(reread.identity.companyName).toBe("Atelier Ardoise");
  });

  it("prints the franchise mention, and asks for the VAT number once liable to VAT", async () => {
    const { cookie } = await paidUser();
    const complete = {
      legalName: "EI Camille Martin",
      siren: "732829320",
      addressLine1: "12 rue de la République",
      postalCode: "69002",
      city: "Lyon",
    };
    const franchise = await (await putIdentity(cookie, complete)).json();
    expect(franchise.mentions).toEqual([
      "TVA non applicable, art. 293 B du CGI",
      "Paiement à 30 jours à compter de la date de facture",
      "Pénalités de retard : 3 fois le taux d'intérêt légal",
      "Indemnité forfaitaire pour frais de recouvrement : 40 €",
      "Pas d'escompte pour paiement anticipé",
    ]);

    const wrongSiren = await putIdentity(cookie, {
      ...complete,
      vatRegime: "assujetti",
      vatNumber: "FR 83 404833048",
    });
    expect((await errorOf(wrongSiren)).issues).toEqual([
      { path: "vatNumber", message: "Ce numéro de TVA ne correspond pas à votre SIREN." },
    ]);
    const liable = await (
      await putIdentity(cookie, { ...complete, vatRegime: "assujetti", vatNumber: "fr 44 732829320" })
    ).json();
    expect(liable.identity.vatNumber).toBe("FR44732829320");
    expect(liable.missingForInvoicing).toEqual([]);
    expect(liable.mentions).not.toContain("TVA non applicable, art. 293 B du CGI");

    // Back to the franchise: the VAT number is no longer kept, so it can never be printed by mistake.
    const back = await (await putIdentity(cookie, { ...complete, vatNumber: "FR44732829320" })).json();
    expect(back.identity.vatNumber).toBe("");
  });

  it("keeps each user's identity to themselves", async () => {
    const alice = await paidUser();
    const bob = await paidUser();
    await putIdentity(alice.cookie, { legalName: "Alice Durand EI", city: "Nantes" });
    const bobs = await (await call(context, "/api/settings/identity", { cookie: bob.cookie })).json();
    expect(bobs.identity.legalName).toBe("");
    expect(bobs.identity.city).toBe("");
  });
});

describe("invoice number prefix", () => {
  const complete = {
    legalName: "Camille Martin EI",
    siret: "73282932000074",
    addressLine1: "12 rue de la République",
    postalCode: "69002",
    city: "Lyon",
  };
  const year = new Date().getFullYear();

  async function issueDraft(cookie: string) {
    const created = await call(context, "/api/invoices", {
      method: "POST",
      cookie,
      body: {
        clientName: "Atelier Lumière",
        typedBuyer: TYPED_BUSINESS,
        lines: [{ description: "Site vitrine", quantity: 1, unitPriceCents: 120000, vatRateBp: 0 }],
      },
    });
    const draft = await created.json();
    const issued = await call(context, `/api/invoices/${draft.id}/issue`, { method: "POST", cookie });
    expect(issued.status).toBe(200);
    return issued.json();
  }

  it("starts at INV, takes the seller's prefix before the first invoice, and numbers with it", async () => {
    const { cookie } = await paidUser();
    const initial = await (await call(context, "/api/settings/identity", { cookie })).json();
    expect(initial.identity.invoiceNumberPrefix).toBe("INV");
    expect(initial.isInvoicePrefixLocked).toBe(false);

    const saved = await putIdentity(cookie, { ...complete, invoiceNumberPrefix: " fac " });
    expect(saved.status).toBe(200);
    expect((await saved.json()).identity.invoiceNumberPrefix).toBe("FAC");

    expect((await issueDraft(cookie)).invoiceNumber).toBe(`FAC-${year}-0001`);
    expect((await issueDraft(cookie)).invoiceNumber).toBe(`FAC-${year}-0002`);
  });

  it("refuses a prefix the numbering cannot carry, in French", async () => {
    const { cookie } = await paidUser();
    for (const prefix of ["FAC-", "FACTURES2026", "", "fé"]) {
      const response = await putIdentity(cookie, { invoiceNumberPrefix: prefix });
      expect(response.status, prefix).toBe(400);
      expect((await errorOf(response)).issues).toContainEqual({
        path: "invoiceNumberPrefix",
        message: "Préfixe invalide : 1 à 8 lettres majuscules ou chiffres (par ex. FAC).",
      });
    }
  });

  it("refuses a new prefix with a 409 once an invoice is issued, and keeps the series", async () => {
    const { cookie } = await paidUser();
    await putIdentity(cookie, { ...complete, invoiceNumberPrefix: "F" });
    expect((await issueDraft(cookie)).invoiceNumber).toBe(`F-${year}-0001`);

    const settings = await (await call(context, "/api/settings/identity", { cookie })).json();
    expect(settings.isInvoicePrefixLocked).toBe(true);

    const refused = await putIdentity(cookie, { ...complete, invoiceNumberPrefix: "FAC" });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      "Le préfixe des factures ne peut plus changer : une facture a déjà été émise, et la numérotation doit rester continue.",
    );
    // The rest of the identity still saves: with the same prefix, or without sending it.
    expect(
      (await putIdentity(cookie, { ...complete, invoiceNumberPrefix: "F", city: "Lyon 2e" })).status,
    ).toBe(200);
    const unchanged = await putIdentity(cookie, { ...complete, city: "Lyon" });
    expect((await unchanged.json()).identity.invoiceNumberPrefix).toBe("F");
    expect((await issueDraft(cookie)).invoiceNumber).toBe(`F-${year}-0002`);
  });
});

describe("logo", () => {
  it("uploads a PNG, serves it privately, and replaces it with a JPEG, deleting the old file", async () => {
    const { cookie, userId } = await paidUser();
    expect((await call(context, "/api/settings/logo", { cookie })).status).toBe(404);

    const uploaded = await upload(cookie, TINY_PNG, "logo.png", "image/png");
    expect(uploaded.status).toBe(201);
    const { identity } = await uploaded.json();
    expect(identity.logo).toMatchObject({
      name: "logo.png",
      mimeType: "image/png",
      sizeBytes: TINY_PNG.byteLength,
    });

    const served = await call(context, "/api/settings/logo", { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toMatch(/^private/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(TINY_PNG));
    const etag = served.headers.get("etag") as string;
    const cached = await call(context, "/api/settings/logo", { cookie, headers: { "if-none-match": etag } });
    expect(cached.status).toBe(304);

    const replaced = await upload(cookie, TINY_JPEG, "logo-carre.jpg", "image/jpeg");
    expect(replaced.status).toBe(201);
    const next = (await replaced.json()).identity.logo;
    expect(next.mimeType).toBe("image/jpeg");
    expect(await logoFilesOf(userId)).toEqual([{ id: next.id }]);
    expect((await call(context, "/api/settings/logo", { cookie })).headers.get("content-type")).toBe(
      "image/jpeg",
    );

    const removed = await call(context, "/api/settings/logo", { method: "DELETE", cookie });
    expect(removed.status).toBe(200);
    expect((await removed.json()).identity.logo).toBeNull();
    expect(await logoFilesOf(userId)).toEqual([]);
    expect((await call(context, "/api/settings/logo", { cookie })).status).toBe(404);
    expect((await call(context, "/api/settings/logo", { method: "DELETE", cookie })).status).toBe(404);
  });

  it("refuses a disguised executable, other types, empty files and bad names with the spec's messages", async () => {
    const { cookie, userId } = await paidUser();
    const refusals: [Uint8Array, string, string, number, string][] = [
      [EXE, "logo.png", "image/png", 415, "Le contenu du fichier ne correspond pas à son type"],
      [EXE, "setup.exe", "application/octet-stream", 400, "Extension de fichier non autorisée"],
      [GIF, "logo.gif", "image/gif", 415, "Le logo doit être une image PNG, JPEG ou WebP"],
      [
        Buffer.from("<svg/>"),
        "logo.svg",
        "image/svg+xml",
        415,
        "Le logo doit être une image PNG, JPEG ou WebP",
      ],
      [new Uint8Array(), "logo.png", "image/png", 400, "Fichier vide non autorisé"],
      [TINY_PNG, "logo.final.png", "image/png", 400, "Extensions multiples non autorisées"],
      [TINY_PNG, "logo<1>.png", "image/png", 400, "Nom de fichier invalide"],
    ];
    for (const [bytes, name, type, status, message] of refusals) {
      const response = await upload(cookie, bytes, name, type);
      expect(response.status, name).toBe(status);
      expect((await errorOf(response)).message, name).toBe(message);
    }
    const noFile = await app(cookie, new FormData());
    expect(noFile.status).toBe(400);
    expect((await errorOf(noFile)).message).toBe("Choisissez un fichier à envoyer.");
    expect(await logoFilesOf(userId)).toEqual([]);
  });

  it("refuses a file over 10 MB", async () => {
    const { cookie } = await paidUser();
    const response = await upload(cookie, png(1, 1, [0, 0, 0], 10 * 1024 * 1024), "logo.png", "image/png");
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("payload_too_large");
  });

  it("keeps a user's logo from anyone else: their own routes answer 404", async () => {
    const alice = await paidUser();
    const bob = await paidUser();
    const { identity } = await (await upload(alice.cookie, TINY_PNG, "logo.png", "image/png")).json();
    expect((await call(context, "/api/settings/logo", { cookie: bob.cookie })).status).toBe(404);
    expect((await call(context, "/api/settings/logo", { method: "DELETE", cookie: bob.cookie })).status).toBe(
      404,
    );
    const stolen = readFile(context.database.db, { userId: bob.userId, id: identity.logo.id });
    await expect(stolen).rejects.toMatchObject({ code: "not_found", message: "Fichier introuvable." });
    expect((await call(context, "/api/settings/logo", { cookie: alice.cookie })).status).toBe(200);
  });
});

const app = (cookie: string, form: FormData) =>
  context.app.request("/api/settings/logo", {
    method: "POST",
    body: form,
    headers: { origin: TEST_APP_URL, cookie },
  });

describe("upload limits of the logo route itself", () => {
  // The route carries its own 10 MB limit; the application's global 1 MB JSON limit runs before it, so
  // these tests mount the route alone, as app.ts must let it run (see the report on app.ts).
  const bare = (userId: string) =>
    new Hono<{ Variables: AuthVariables }>()
      .use(async (c, next) => {
        c.set("user", { id: userId } as AuthVariables["user"]);
        await next();
      })
      .route("/api/settings", settingsRoutes(context.database.db, context.env))
      .onError((error, c) =>
        error instanceof AppError ? c.json(error.toBody(), error.status) : c.text(String(error), 500),
      );

  it("accepts a 2 MB logo and answers the spec's message over 10 MB", async () => {
    const { userId } = await paidUser();
    const routes = bare(userId);
    const large = await upload(
      undefined,
      png(4, 4, [10, 10, 10], 2 * 1024 * 1024),
      "grand.png",
      "image/png",
      routes,
    );
    expect(large.status).toBe(201);
    const tooLarge = await upload(
      undefined,
      png(1, 1, [0, 0, 0], 10 * 1024 * 1024),
      "logo.png",
      "image/png",
      routes,
    );
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toBe("Fichier trop volumineux (max 10MB)");
  });

  it("refuses a file over 10 MB in the storage layer too, with the spec's message", async () => {
    const { userId } = await paidUser();
    const saving = saveFile(context.database.db, {
      userId,
      name: "scan.png",
      mimeType: "image/png",
      bytes: png(1, 1, [0, 0, 0], 10 * 1024 * 1024),
      kind: "receipt",
    });
    await expect(saving).rejects.toBeInstanceOf(AppError);
    await expect(saving).rejects.toMatchObject({
      code: "payload_too_large",
      message: "Fichier trop volumineux (max 10MB)",
    });
  });
});
