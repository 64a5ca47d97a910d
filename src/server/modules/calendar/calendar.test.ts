import { createHash } from "node:crypto";
import { addDays, parisToday } from "@shared/domain/dates";
import { formatMoney } from "@shared/format";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clients,
  contracts,
  integrations,
  invoiceReminders,
  invoices,
  projects,
  quotes,
  tasks,
} from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, confirmProposalOf, only, textOf } from "../../test/assistant-chat";
import { createTestContext, TEST_APP_URL, type TestContext } from "../../test/test-app";

// The calendar feed Google Calendar subscribes to: connected through the assistant, read without a session.

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
let aliceFeed: string;
let brunoFeed: string;
const today = parisToday();
const due = addDays(today, 20);
const ids = { invoice: "", task: "", quote: "", contract: "" };

const FEED_URL = /^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/;
const LONG_CLIENT = "Dupont, Fils & Cie; Paris — Établissements réunis";
/** What a calendar reader does first (RFC 5545 §3.1): a CRLF followed by a space joins two lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const compact = (day: string) => day.replaceAll("-", "");
const escaped = (text: string) => text.replace(/[\\;,]/g, (character) => `\\${character}`);

async function seedAlice(userId: string) {
  const db = context.database.db;
  const [client] = await db
    .insert(clients)
    .values({ userId, name: LONG_CLIENT })
    .returning({ id: clients.id });
  const issued = {
    userId,
    date: today,
    dueDate: due,
    subtotalCents: 120000,
    totalCents: 120000,
  };
  const [invoice] = await db
    .insert(invoices)
    .values([
      { ...issued, status: "en-attente", invoiceNumber: "INV-2026-0042", clientName: LONG_CLIENT },
      { ...issued, status: "brouillon", clientName: "Client du brouillon" },
      { ...issued, status: "payée", invoiceNumber: "INV-2026-0041", clientName: "Client réglé" },
    ])
    .returning({ id: invoices.id });
  ids.invoice = invoice?.id ?? "";
  await db
    .insert(invoiceReminders)
    .values({ userId, invoiceId: ids.invoice, daysBeforeDue: 3, scheduledFor: addDays(due, -3) });
  const [quote] = await db
    .insert(quotes)
    .values([
      {
        userId,
        quoteNumber: "DEV-2026-0003",
        clientName: "Martin SARL",
        status: "envoyé",
        validUntil: addDays(today, 10),
        totalCents: 54000,
      },
      {
        userId,
        quoteNumber: "DEV-2026-0004",
        clientName: "Martin SARL",
        status: "brouillon",
        validUntil: addDays(today, 10),
      },
    ])
    .returning({ id: quotes.id });
  ids.quote = quote?.id ?? "";
  const [project] = await db
    .insert(projects)
    .values({ userId, name: "Refonte du site" })
    .returning({ id: projects.id });
  const [task] = await db
    .insert(tasks)
    .values([
      { userId, projectId: project?.id ?? "", title: "Livrer les maquettes", dueDate: addDays(today, 5) },
      {
        userId,
        projectId: project?.id ?? "",
        title: "Tâche déjà finie",
        status: "terminee",
        dueDate: addDays(today, 5),
      },
    ])
    .returning({ id: tasks.id });
  ids.task = task?.id ?? "";
  const [contract] = await db
    .insert(contracts)
    .values({
      userId,
      clientId: client?.id,
      contractNumber: "CTR-2026-0001",
      title: "Maintenance annuelle",
      status: "signé",
      endDate: addDays(today, 90),
    })
    .returning({ id: contracts.id });
  ids.contract = contract?.id ?? "";
}

/**
 * Connects Google Calendar through the assistant in agent mode and confirms its proposal: the feed's secret
 * URL waits for the user's « Confirmer » even in agent mode (issue 26). Returns the result and its message.
 */
async function connectThroughAssistant(cookie: string) {
  const events = await chat(context, cookie, "Synchronise avec Google Calendar", {
    confirmBeforeAction: false,
  });
  const result = await confirmProposalOf(context, cookie, events);
  return { result, text: result.message };
}

/** Connects Google Calendar when no feed is active; returns the new feed's URL. */
async function connect(cookie: string) {
  const { result, text } = await connectThroughAssistant(cookie);
  expect(result).toMatchObject({
    type: "use_integration",
    success: true,
    data: { label: "Flux de calendrier", link: expect.stringMatching(FEED_URL) },
  });
  return { url: result?.data?.link ?? "", text };
}

const tokenOf = (url: string) =>
  new URL(url).pathname.replace(/^\/api\/calendar\//, "").replace(/\.ics$/, "");

/** Fetches a feed as Google's servers do: no cookie. */
const fetchFeed = (url: string) => call(context, new URL(url).pathname);

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.agenda@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.agenda@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  await seedAlice(alice.userId);
  await context.database.db.insert(invoices).values({
    userId: bruno.userId,
    status: "en-attente",
    invoiceNumber: "INV-2026-0042",
    clientName: "Client secret de Bruno",
    date: today,
    dueDate: due,
    totalCents: 9900,
  });
});
afterAll(() => context.close());

describe("the Google Calendar feed", () => {
  it("is connected through the assistant, with the steps to add it in Google Calendar", async () => {
    const { url, text } = await connect(alice.cookie);
    aliceFeed = url;
    expect(url.startsWith(`${TEST_APP_URL}/api/calendar/`)).toBe(true);
    expect(text).toContain("À partir de l'URL");
    // The URL is in the result box's link only: the message is stored and read by models.
    expect(text).not.toContain(url);
  });

  it("serves the owner's dates as iCalendar without a session", async () => {
    const response = await fetchFeed(aliceFeed);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = await response.text();

    expect(body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(body).not.toMatch(/[^\r]\n/);
    const physical = body.split("\r\n");
    for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(physical.some((line) => line.startsWith(" "))).toBe(true);

    const lines = unfold(body).split("\r\n");
    const url = (path: string) => `URL;VALUE=URI:${TEST_APP_URL}${path}`;
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:${ids.invoice}-invoice-due@ardoise`,
        `DTSTART;VALUE=DATE:${compact(due)}`,
        `DTEND;VALUE=DATE:${compact(addDays(due, 1))}`,
        `SUMMARY:Échéance facture INV-2026-0042 — ${escaped(LONG_CLIENT)} — ${escaped(formatMoney(120000))}`,
        url(`/app/invoices/${ids.invoice}`),
        `DTSTART;VALUE=DATE:${compact(addDays(due, -3))}`,
        `SUMMARY:Rappel de paiement — facture INV-2026-0042 — ${escaped(LONG_CLIENT)}`,
        `UID:${ids.quote}-quote-expiry@ardoise`,
        `DTSTART;VALUE=DATE:${compact(addDays(today, 10))}`,
        `SUMMARY:Fin de validité devis DEV-2026-0003 — Martin SARL — ${escaped(formatMoney(54000))}`,
        url(`/app/quotes/${ids.quote}`),
        `UID:${ids.task}-task-due@ardoise`,
        "SUMMARY:Tâche : Livrer les maquettes — Refonte du site",
        `UID:${ids.contract}-contract-end@ardoise`,
        `SUMMARY:Fin du contrat CTR-2026-0001 — ${escaped(LONG_CLIENT)}`,
        url(`/app/contracts/${ids.contract}`),
      ]),
    );
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(5);
    // Google does not show the URL property: the link is in the description too.
    expect(lines).toContainEqual(
      expect.stringMatching(/^DESCRIPTION:.*http:\/\/localhost:3000\/app\/invoices\//),
    );

    const [integration] = await context.database.db
      .select({ lastUsedAt: integrations.lastUsedAt })
      .from(integrations)
      .where(eq(integrations.userId, alice.userId));
    expect(integration?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("leaves out settled, draft and done records, and never shows another user's", async () => {
    const body = unfold(await (await fetchFeed(aliceFeed)).text());
    for (const absent of ["Client du brouillon", "INV-2026-0041", "DEV-2026-0004", "Tâche déjà finie"])
      expect(body).not.toContain(absent);
    expect(body).not.toContain("Client secret de Bruno");

    brunoFeed = (await connect(bruno.cookie)).url;
    expect(brunoFeed).not.toBe(aliceFeed);
    const brunos = unfold(await (await fetchFeed(brunoFeed)).text());
    expect(brunos).toContain("Client secret de Bruno");
    expect(brunos).not.toContain("Dupont");
    expect(brunos).not.toContain("Refonte du site");
  });

  it("stores only the SHA-256 of the feed's token", async () => {
    const token = tokenOf(aliceFeed);
    const rows = await context.database.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.userId, alice.userId), eq(integrations.kind, "ics")));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.publicToken).not.toBe(token);
    expect(rows[0]?.publicToken).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("keeps the feed when connected again, also after a confirmed proposal: active, URL not shown again", async () => {
    const again = await connectThroughAssistant(alice.cookie);
    expect(again.result).toMatchObject({
      type: "use_integration",
      success: true,
      data: { label: "Intégrations", link: "/app/integrations" },
    });
    expect(again.text).toContain("déjà actif");
    expect(again.text).toContain("« Nouvelle adresse »");
    expect(again.text).not.toContain("/api/calendar/");
    const proposal = only(
      await chat(context, alice.cookie, "Synchronise avec Google Calendar"),
      "proposal",
    )[0];
    expect(proposal?.proposal.type).toBe("use_integration");
    const confirmed = await call(context, `/api/assistant/proposals/${proposal?.proposal.id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect((await confirmed.json()).result.data.link).toBe("/app/integrations");
    const rows = await context.database.db
      .select({ id: integrations.id })
      .from(integrations)
      .where(and(eq(integrations.userId, alice.userId), eq(integrations.kind, "ics")));
    expect(rows).toHaveLength(1);
    // The URL already subscribed goes on working.
    expect((await fetchFeed(aliceFeed)).status).toBe(200);
  });

  it("answers 404 in the API's JSON shape to an unknown, malformed or deactivated token", async () => {
    const unknown = `/api/calendar/${"A".repeat(32)}.ics`;
    for (const path of [unknown, "/api/calendar/abc.ics", "/api/calendar/.ics"]) {
      const response = await call(context, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: "Flux de calendrier introuvable." },
      });
    }
    // Without the .ics suffix the same feed answers: some clients trim it.
    expect((await fetchFeed(aliceFeed.replace(/\.ics$/, ""))).status).toBe(200);

    await context.database.db
      .update(integrations)
      .set({ isActive: false })
      .where(eq(integrations.userId, bruno.userId));
    expect((await fetchFeed(brunoFeed)).status).toBe(404);
    // The stored hash is no token: presented as one, it opens nothing.
    const [stored] = await context.database.db
      .select({ hash: integrations.publicToken })
      .from(integrations)
      .where(eq(integrations.userId, alice.userId));
    expect((await call(context, `/api/calendar/${stored?.hash}.ics`)).status).toBe(404);
    // Connecting again after a deactivation gives a new secret.
    const renewed = (await connect(bruno.cookie)).url;
    expect(renewed).not.toBe(brunoFeed);
    expect((await fetchFeed(renewed)).status).toBe(200);
  });

  it("asks which invoice when Stripe is named without one, and proposes nothing", async () => {
    const events = await chat(context, alice.cookie, "Connecte mon compte Stripe", {
      confirmBeforeAction: false,
    });
    expect(only(events, "proposal")).toHaveLength(0);
    expect(only(events, "result")).toHaveLength(0);
    expect(textOf(events)).toContain("Quelle facture voulez-vous faire régler en ligne ?");
  });
});

describe("the calendar feed on the Intégrations page", () => {
  const settings = (cookie: string, method = "GET", path = "") =>
    call(context, `/api/integrations/calendar${path}`, { method, cookie });
  let claire: { cookie: string; userId: string };
  /** The URL of Claire's feed, as the answer that made it showed it once. */
  let claireFeed: string;
  beforeAll(async () => {
    claire = await registerAndConfirm(context, { email: "claire.agenda@example.fr" });
    await markPaid(context, claire.userId);
  });

  it("is off until turned on, shows its URL once, then when a calendar app last read it", async () => {
    expect(await (await settings(claire.cookie)).json()).toEqual({ feed: null });

    const turnedOn = await settings(claire.cookie, "POST");
    expect(turnedOn.status).toBe(200);
    const { feed } = await turnedOn.json();
    expect(feed).toMatchObject({ url: expect.stringMatching(FEED_URL), lastReadAt: null });
    claireFeed = feed.url;
    // Turned on again: the same feed, without its URL (only its hash is kept).
    const again = await settings(claire.cookie, "POST");
    expect(again.status).toBe(200);
    expect((await again.json()).feed).toEqual({ createdAt: feed.createdAt, lastReadAt: null });
    expect(await (await settings(claire.cookie)).json()).toEqual({
      feed: { createdAt: feed.createdAt, lastReadAt: null },
    });
    // The assistant says it is on, without a URL.
    expect((await connectThroughAssistant(claire.cookie)).text).not.toContain("/api/calendar/");

    expect((await fetchFeed(claireFeed)).status).toBe(200);
    const read = (await (await settings(claire.cookie)).json()).feed;
    expect(Date.parse(read.lastReadAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("gets a new secret URL on demand: the old one stops answering at once", async () => {
    const before = claireFeed;
    const regenerated = await settings(claire.cookie, "POST", "/regenerate");
    expect(regenerated.status).toBe(200);
    const after = (await regenerated.json()).feed;
    expect(after.url).toMatch(FEED_URL);
    expect(after.url).not.toBe(before);
    expect(after.lastReadAt).toBeNull();
    expect((await fetchFeed(before)).status).toBe(404);
    expect((await fetchFeed(after.url)).status).toBe(200);
    claireFeed = after.url;
  });

  it("cuts every URL the user had when a new one is made, even two made at the same moment", async () => {
    const current = claireFeed;
    const twin = `${"B".repeat(31)}c`;
    await context.database.db.insert(integrations).values({
      userId: claire.userId,
      kind: "ics",
      name: "Google Calendar",
      publicToken: createHash("sha256").update(twin).digest("hex"),
    });
    expect((await call(context, `/api/calendar/${twin}.ics`)).status).toBe(200);
    const renewed = (await (await settings(claire.cookie, "POST", "/regenerate")).json()).feed.url;
    expect((await fetchFeed(current)).status).toBe(404);
    expect((await call(context, `/api/calendar/${twin}.ics`)).status).toBe(404);
    expect((await fetchFeed(renewed)).status).toBe(200);
    claireFeed = renewed;
  });

  it("stops the feed, and a new one never reuses the stopped URL", async () => {
    const before = claireFeed;
    const stopped = await settings(claire.cookie, "DELETE");
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ feed: null });
    expect((await fetchFeed(before)).status).toBe(404);
    expect(await (await settings(claire.cookie)).json()).toEqual({ feed: null });

    const again = (await (await settings(claire.cookie, "POST")).json()).feed.url;
    expect(again).toMatch(FEED_URL);
    expect(again).not.toBe(before);
    expect((await fetchFeed(again)).status).toBe(200);
    claireFeed = again;
  });

  it("acts only on the caller's own feed", async () => {
    await settings(bruno.cookie, "POST", "/regenerate");
    await settings(bruno.cookie, "DELETE");
    expect((await fetchFeed(claireFeed)).status).toBe(200);
    expect((await (await settings(claire.cookie)).json()).feed).not.toBeNull();
  });
});
