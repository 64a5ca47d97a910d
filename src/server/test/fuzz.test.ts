import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { isErrorBody } from "@shared/errors";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createServices } from "../services";
import { call, registerPaid } from "./accounts";
import { createTestDatabase } from "./database";
import { type TestContext, testEnv } from "./test-app";

/**
 * Issue 10 §14: no input makes the API answer 5xx. Every concrete route of the app (read from `app.routes`, so
 * a new route is fuzzed without editing this file) gets hostile requests from a paid user: NUL characters,
 * impossible dates, huge strings and numbers, wrong types, empty and malformed bodies, nested junk, unknown ids
 * and another user's ids. The generator is seeded: a failure prints the seed and the request's index, and
 * `FUZZ_SEED=<seed>` replays the same run. Errors are answered in the house shape; nothing is logged as a
 * server failure (the chat streams its answer, so a failing engine shows only in the log).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_214);
const REQUESTS = 3_200;

/** Routes left out, with the reason: fuzzing them would only end the fuzzer's own session. */
const SKIPPED = new Set(["POST /api/account/sign-out"]);

/** mulberry32: small, fast and good enough to spread inputs; the same seed gives the same requests. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick, chance: (probability: number) => next() < probability };
}
type Random = ReturnType<typeof prng>;

const line = { description: "Développement", quantity: 2, unitPriceCents: 45_000, vatRateBp: 2000 };

/** A valid body per route, so that one hostile field at a time reaches the code behind the schema. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/clients": { name: "Boulangerie Dupont", email: "marie@dupont.fr", postalCode: "69003" },
  "PATCH /api/clients/:id": { name: "Boulangerie Martin", status: "actif", paymentTermsDays: 30 },
  "POST /api/projects": { name: "Refonte du site", startDate: "2026-03-01", endDate: "2026-04-30" },
  "PATCH /api/projects/:id": { description: "Phase 2", budgetCents: 500_000, endDate: "2026-06-30" },
  "POST /api/projects/:id/tasks": { title: "Maquettes", dueDate: "2026-03-15" },
  "PATCH /api/projects/:id/tasks/:taskId": { title: "Maquettes v2", status: "terminee" },
  "PUT /api/projects/:id/tasks/order": { taskIds: [] },
  "POST /api/invoices": { clientName: "Boulangerie Dupont", serviceDate: "2026-02-28", lines: [line] },
  "PATCH /api/invoices/:id": { notes: "Merci", serviceDate: "2026-02-27", lines: [line] },
  "POST /api/invoices/:id/payments": { amountCents: 10_000, paidOn: "2026-03-02", method: "virement" },
  "POST /api/invoices/:id/send": { message: "Bonjour, voici la facture.", to: "client@example.fr" },
  "POST /api/quotes": { clientName: "Boulangerie Dupont", date: "2026-03-01", lines: [line] },
  "PATCH /api/quotes/:id": { validUntil: "2026-04-01", terms: "30 jours", lines: [line] },
  "POST /api/contracts": { title: "Contrat de prestation", startDate: "2026-03-01", amountCents: 90_000 },
  "PATCH /api/contracts/:id": { title: "Contrat modifié", endDate: "2026-12-31", content: "Article 1" },
  "POST /api/contracts/:id/status": { status: "envoyé" },
  "POST /api/contracts/templates/render": { templateId: "prestation", title: "Mission", amountCents: 100 },
  "POST /api/expenses": {
    title: "Train Lyon",
    amountCents: 8_900,
    date: "2026-02-12",
    category: "transport",
  },
  "PATCH /api/expenses/:id": { supplier: "SNCF", vatCents: 800, date: "2026-02-13" },
  "PATCH /api/automations/:id": { isActive: false },
  "PATCH /api/profile": { name: "Camille Martin", jobTitle: "Développeuse", skills: ["React"] },
  "PUT /api/settings/identity": {
    legalName: "Camille Martin EI",
    companyName: "",
    siren: "443061841",
    siret: "",
    apeCode: "",
    registrationMention: "",
    activityCategory: "bnc",
    addressLine1: "12 rue des Lilas",
    addressLine2: "",
    postalCode: "69003",
    city: "Lyon",
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
    latePenaltyRate: "Trois fois le taux d'intérêt légal",
    earlyPaymentDiscount: "Pas d'escompte",
    quoteValidityDays: 30,
    invoiceFooter: "",
  },
  "POST /api/assistant/chat": { messages: [{ role: "user", content: "Crée un client Dupont" }] },
  "POST /api/assistant/documents": { kind: "quote", prompt: "Devis site vitrine pour Dupont, 1200 €" },
  "POST /functions/v1/secure-openai-proxy": {
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Bonjour" }],
  },
  "POST /functions/v1/secure-openrouter-proxy": {
    model: "openai/gpt-4o-mini",
    messages: [{ role: "user", content: "Bonjour" }],
  },
  "POST /functions/v1/generate-invoice-pdf": { invoiceData: { id: "00000000-0000-4000-8000-000000000000" } },
  "POST /api/payments/confirm": { sessionId: "cs_test_123" },
  "POST /api/dev/stripe/sessions/:id/pay": {
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/40",
    cvc: "123",
    cardholder: "Camille Martin",
  },
};

const QUERY_KEYS = [
  "page",
  "pageSize",
  "search",
  "status",
  "category",
  "fresh",
  "download",
  "to",
  "expenseId",
];

const hugeText = "é".repeat(300_000);
/** Values no form sends: each is a valid JSON value that a schema or the database must refuse cleanly. */
const HOSTILE_VALUES: unknown[] = [
  "\u0000",
  "Dupont\u0000SARL",
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "2025-02-29",
  "9999-12-31",
  "-001-01-01",
  "",
  "   ",
  hugeText,
  "\ud800",
  "[x](https://evil.example)",
  "'; drop table clients; --",
  "<script>alert(1)</script>",
  "%00",
  "👩🏽‍💻‏RTL",
  -1,
  0,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  true,
  false,
  null,
  [],
  {},
  [[[[[["deep"]]]]]],
  { __proto__: { isAdmin: true }, constructor: { prototype: {} } },
  Array.from({ length: 500 }, (_, index) => index),
  { a: { b: { c: { d: "\u0000" } } } },
];

/** Bodies that are not the JSON object a route expects (sent raw, with or without a JSON content type). */
const RAW_BODIES = [
  "",
  "{",
  '{"name":',
  "null",
  "[]",
  "[{}]",
  "42",
  '"\\u0000"',
  '{"name":"a\\u0000b","title":"a\\u0000b"}',
  "1e999",
  '{"amountCents":1e999}',
  "NaN",
  '{"a":NaN}',
  `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
  "\u0000",
  "\uFEFF{}",
  "name=Dupont&title=Train",
];
const RAW_CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
];

type Pools = Record<string, string[]>;
type RouteInfo = { method: string; path: string };

/** Which pool of ids a path parameter draws from: the segment before it ("/api/clients/:id" → clients). */
const poolOf = (path: string, param: string) =>
  param === ":taskId"
    ? "tasks"
    : (path.split("/").find((_part, index, all) => all[index + 1] === param) ?? "");

let context: TestContext;
let aiServer: { url: string; close: () => void };
let cookie: string;
const serverErrors: string[] = [];
const own: Pools = {};
const others: Pools = {};

/**
 * An OpenAI-compatible server for the two proxies, whose full path (quota, provider call, recording) is then
 * fuzzed. The assistant's own model calls (the ones carrying tools) are refused, so the chat falls back to
 * the offline engine, which is what hostile messages should reach. Unlike the shared fake, it never closes
 * an idle connection: on a loaded machine that races the proxy's reuse of it (ECONNRESET, a 502).
 */
async function startCompletionServer() {
  const completion = JSON.stringify({
    id: "chatcmpl-fuzz",
    object: "chat.completion",
    created: 0,
    model: "fuzz",
    choices: [{ index: 0, message: { role: "assistant", content: "Bonjour." }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const hasTools = body.includes('"tools"');
    response.writeHead(hasTools ? 400 : 200, { "content-type": "application/json" });
    response.end(hasTools ? JSON.stringify({ error: { message: "no tools here" } }) : completion);
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => server.close() };
}

async function createRecords(owner: string): Promise<Pools> {
  const post = async (path: string, body: unknown) => {
    const response = await call(context, path, { method: "POST", body, cookie: owner });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).id as string;
  };
  const project = await post("/api/projects", VALID_BODIES["POST /api/projects"]);
  return {
    clients: [await post("/api/clients", VALID_BODIES["POST /api/clients"])],
    projects: [project],
    tasks: [await post(`/api/projects/${project}/tasks`, VALID_BODIES["POST /api/projects/:id/tasks"])],
    invoices: [await post("/api/invoices", VALID_BODIES["POST /api/invoices"])],
    quotes: [await post("/api/quotes", VALID_BODIES["POST /api/quotes"])],
    contracts: [await post("/api/contracts", VALID_BODIES["POST /api/contracts"])],
    expenses: [await post("/api/expenses", VALID_BODIES["POST /api/expenses"])],
  };
}

beforeAll(async () => {
  aiServer = await startCompletionServer();
  const database = await createTestDatabase();
  const logs = new Writable({
    write(chunk, _encoding, done) {
      const entry = JSON.parse(String(chunk)) as { level: number };
      if (entry.level >= 50) serverErrors.push(String(chunk).slice(0, 2_000));
      done();
    },
  });
  const env = testEnv({
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: aiServer.url,
    OPENROUTER_API_KEY: "test-key",
    OPENROUTER_BASE_URL: aiServer.url,
  });
  const services = createServices(database, env, pino({ level: "warn" }, logs));
  context = { ...services, app: createApp(services), close: () => database.close() };
  const alice = await registerPaid(context, { email: "alice.fuzz@example.fr" });
  const bob = await registerPaid(context, { email: "bob.fuzz@example.fr" });
  cookie = alice.cookie;
  Object.assign(own, await createRecords(alice.cookie));
  Object.assign(others, await createRecords(bob.cookie));
}, 180_000);
afterAll(async () => {
  await context?.close();
  aiServer?.close();
});

function fuzzedRoutes(): RouteInfo[] {
  const seen = new Map<string, RouteInfo>();
  for (const { method, path } of context.app.routes) {
    const key = `${method} ${path}`;
    if (method === "ALL" || path.includes("*") || SKIPPED.has(key)) continue;
    seen.set(key, { method, path });
  }
  return [...seen.values()];
}

describe("the inputs the first fuzzing run answered with a 500", () => {
  const send = (method: string, path: string, body?: string, contentType = "application/json") =>
    context.app.request(path, {
      method,
      headers: { origin: "http://localhost:3000", cookie, "content-type": contentType },
      body,
    });
  const errorOf = async (response: Response) => ({
    status: response.status,
    ...(await response.json()).error,
  });

  it("refuses a NUL character in any text, in the body or the query, naming the field", async () => {
    expect(await errorOf(await send("POST", "/api/projects", '{"name":"Refonte\\u0000"}'))).toEqual({
      status: 400,
      code: "validation_failed",
      message: "Certaines informations sont invalides.",
      issues: [{ path: "name", message: "Ce texte contient des caractères invalides." }],
    });
    const search = await errorOf(await send("GET", "/api/quotes?search=Dupont%00"));
    expect(search).toMatchObject({ status: 400, issues: [{ path: "search" }] });
  });

  it("refuses a day that does not exist", async () => {
    const response = await send(
      "POST",
      "/api/projects",
      JSON.stringify({ name: "Refonte", startDate: "2026-02-30" }),
    );
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      issues: [{ path: "startDate", message: "Date invalide (AAAA-MM-JJ)." }],
    });
  });

  it("refuses an update with nothing to set", async () => {
    expect(await errorOf(await send("PATCH", "/api/profile", "{}"))).toMatchObject({
      status: 400,
      issues: [{ message: "Aucune modification à enregistrer." }],
    });
  });

  it("answers malformed JSON and a value the database refuses outside validation with a 400", async () => {
    expect(await errorOf(await send("POST", "/api/clients", '{"name":'))).toMatchObject({
      status: 400,
      code: "bad_request",
    });
    // The local checkout's session id is read from the path without a schema: the database refuses the NUL.
    expect(await errorOf(await send("GET", "/api/dev/stripe/sessions/%00"))).toMatchObject({
      status: 400,
      code: "validation_failed",
    });
  });
});

/** A well-formed v4 uuid no row has, drawn from the seeded generator (crypto.randomUUID would not replay). */
const randomUuid = (random: Random) =>
  "xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx".replace(/x/g, () => Math.floor(random.next() * 16).toString(16));

function hostileParam(random: Random, route: RouteInfo, param: string): { value: string; isOthers: boolean } {
  const pool = poolOf(route.path, param);
  const mine = own[pool] ?? [];
  const theirs = others[pool] ?? [];
  const choice = random.next();
  if (choice < 0.35 && mine.length > 0) return { value: random.pick(mine), isOthers: false };
  if (choice < 0.55 && theirs.length > 0) return { value: random.pick(theirs), isOthers: true };
  const value = random.pick([
    randomUuid(random),
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    (mine[0] ?? "").toUpperCase(),
    "not-a-uuid",
    "%00",
    "a%00b",
    "2026-02-30",
    "-1",
    "1e999",
    "NaN",
    "x".repeat(5_000),
    "%5Bx%5D(https%3A%2F%2Fevil.example)",
    "..%2F..%2Fetc%2Fpasswd",
  ]);
  return { value, isOthers: false };
}

/** A lone surrogate cannot be percent-encoded as UTF-8: it is sent as the bytes a broken client would send. */
function encodeQuery(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

function hostileQuery(random: Random): string {
  const count = 1 + Math.floor(random.next() * 3);
  const pairs = Array.from({ length: count }, () => {
    const value = random.pick(HOSTILE_VALUES);
    const text = typeof value === "string" ? value.slice(0, 3_000) : JSON.stringify(value);
    return `${random.pick(QUERY_KEYS)}=${encodeQuery(text)}`;
  });
  if (random.chance(0.1)) pairs.push("page=1&page=2", "search=%00", "status=%ZZ");
  return pairs.join("&");
}

/** One hostile body: mostly a valid body with one to three fields (or a line's field) made hostile. */
function hostileBody(random: Random, key: string): { raw: string; contentType: string } {
  const valid = VALID_BODIES[key] ?? {};
  const mode = random.next();
  if (mode < 0.2) return { raw: random.pick(RAW_BODIES), contentType: random.pick(RAW_CONTENT_TYPES) };
  let body: unknown;
  if (mode < 0.3) body = random.chance(0.5) ? {} : random.pick(HOSTILE_VALUES);
  else {
    const copy: Record<string, unknown> = structuredClone(valid);
    const fields = Object.keys(copy);
    const changes = 1 + Math.floor(random.next() * 3);
    for (let change = 0; change < changes; change++) {
      const field =
        fields.length > 0 && random.chance(0.85)
          ? random.pick(fields)
          : random.pick(["name", "title", "date", "id", "userId", "lines", "__proto__"]);
      if (
        Array.isArray(copy[field]) &&
        typeof (copy[field] as unknown[])[0] === "object" &&
        random.chance(0.6)
      ) {
        const item = { ...((copy[field] as Record<string, unknown>[])[0] ?? {}) };
        item[random.pick(Object.keys(item))] = random.pick(HOSTILE_VALUES);
        copy[field] = [item];
      } else copy[field] = random.pick(HOSTILE_VALUES);
    }
    body = copy;
  }
  return { raw: JSON.stringify(body) ?? "", contentType: "application/json" };
}

it(`answers ${REQUESTS} hostile requests over every route without a server error (seed ${SEED})`, async () => {
  const random = prng(SEED);
  const routes = fuzzedRoutes();
  expect(routes.length).toBeGreaterThan(80);
  const failures: string[] = [];

  for (let index = 0; index < REQUESTS; index++) {
    // Round robin over the routes, so that each gets its share whatever the seed.
    const route = routes[index % routes.length] as RouteInfo;
    const key = `${route.method} ${route.path}`;
    let isOthers = false;
    let path = route.path.replace(/:\w+/g, (param) => {
      const chosen = hostileParam(random, route, param);
      isOthers ||= chosen.isOthers;
      return chosen.value;
    });
    if (route.method === "GET" || random.chance(0.2)) path += `?${hostileQuery(random)}`;
    const hasBody = route.method !== "GET" && route.method !== "DELETE" ? true : random.chance(0.1);
    const { raw, contentType } = hasBody ? hostileBody(random, key) : { raw: undefined, contentType: "" };
    const logsBefore = serverErrors.length;

    const response = await context.app.request(path, {
      method: route.method,
      headers: {
        origin: "http://localhost:3000",
        cookie,
        ...(contentType ? { "content-type": contentType } : {}),
      },
      body: route.method === "GET" ? undefined : raw,
    });
    const text = await response.text();

    const where = `#${index} ${route.method} ${path.slice(0, 200)} body=${(raw ?? "").slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`;
    if (response.status >= 500) failures.push(`server error: ${where}`);
    // The functions under /functions/v1 answer in the spec's own shapes (ai-assistant.txt §7).
    else if (response.status >= 400 && path.startsWith("/api/") && !isErrorBody(safeJson(text)))
      failures.push(`not the house error shape: ${where}`);
    if (isOthers && response.ok) failures.push(`another user's record answered: ${where}`);
    if (serverErrors.length > logsBefore)
      failures.push(`logged as a failure: ${where}\n${serverErrors.at(-1)}`);

    if (response.ok) keepPoolsFresh(route, path, text);
  }
  expect(failures.join("\n\n"), `seed ${SEED}: replay with FUZZ_SEED=${SEED}`).toBe("");
}, 600_000);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Records created by the fuzzer join the pools; deleted ones leave them, so ids keep pointing at real rows. */
function keepPoolsFresh(route: RouteInfo, path: string, text: string) {
  const pool = poolOf(route.path, route.path.endsWith(":taskId") ? ":taskId" : ":id");
  if (route.method === "DELETE" && pool) {
    const id = path.split("?")[0]?.split("/").at(-1);
    own[pool] = (own[pool] ?? []).filter((known) => known !== id);
  }
  const created = safeJson(text) as { id?: unknown } | null;
  if (route.method === "POST" && typeof created?.id === "string") {
    const segment = route.path.split("/").at(-1) ?? "";
    const target = segment === "tasks" ? "tasks" : segment;
    if (own[target]) own[target].push(created.id);
  }
}
