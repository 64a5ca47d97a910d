import type { IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiTaskExecutions } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { type FakeOpenAI, type FakeReply, startFakeOpenAI } from "../../test/fake-openai";
import { createTestContext, type TestContext } from "../../test/test-app";
import { AI_REQUESTS_PER_MINUTE } from "./rate-limit";

const OPENAI = "/functions/v1/secure-openai-proxy";
const OPENROUTER = "/functions/v1/secure-openrouter-proxy";
const QUOTA = 1000;

let fake: FakeOpenAI;
let context: TestContext;
// What the fake answers next, and the headers of the last request it received.
let reply: FakeReply;
let lastHeaders: IncomingHttpHeaders;

beforeAll(async () => {
  fake = await startFakeOpenAI((_body, { headers }) => {
    lastHeaders = headers;
    return reply;
  });
  context = await createTestContext({
    env: {
      OPENAI_API_KEY: "sk-test-openai",
      OPENAI_BASE_URL: fake.url,
      OPENROUTER_API_KEY: "sk-or-test",
      OPENROUTER_BASE_URL: fake.url,
      AI_DAILY_TOKEN_QUOTA: String(QUOTA),
      AI_TIMEOUT_MS: "1000",
    },
  });
});

afterAll(async () => {
  await context?.close();
  await fake?.close();
});

beforeEach(() => {
  reply = { text: "Bonjour, voici votre réponse.", usage: { promptTokens: 15, completionTokens: 5 } };
  fake.requests.length = 0;
});

let accounts = 0;
/** A new paid user per test: the per-minute limit and the daily quota are per user. */
async function paidUser(on: TestContext = context) {
  const user = await registerAndConfirm(on, { email: `ia-${++accounts}@example.fr` });
  await markPaid(on, user.userId);
  return user;
}

const ask = (
  path: string,
  cookie: string | undefined,
  body: Record<string, unknown>,
  on: TestContext = context,
) => call(on, path, { method: "POST", cookie, body });

const question = (content: string) => [
  { role: "system", content: "Tu es l'assistant d'Ardoise." },
  { role: "user", content },
];

const recordedFor = (userId: string) =>
  context.database.db.select().from(aiTaskExecutions).where(eq(aiTaskExecutions.userId, userId));

describe("POST /functions/v1/secure-openai-proxy", () => {
  it("forwards the model, messages and max_tokens with temperature, and answers the provider's choices", async () => {
    const { cookie } = await paidUser();

    const response = await ask(OPENAI, cookie, {
      model: "gpt-4o",
      messages: question("Combien de factures en retard ?"),
      max_tokens: 200,
      temperature: 0.2,
    });

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.choices[0].message.content).toBe("Bonjour, voici votre réponse.");
    expect(fake.requests).toEqual([
      {
        model: "gpt-4o",
        messages: question("Combien de factures en retard ?"),
        max_tokens: 200,
        temperature: 0.2,
      },
    ]);
    expect(lastHeaders.authorization).toBe("Bearer sk-test-openai");
  });

  it("sends max_completion_tokens and no temperature to the newer models", async () => {
    const { cookie } = await paidUser();

    for (const model of ["openai/gpt-5", "gpt-5-mini", "o3-mini", "o1"]) {
      const response = await ask(OPENAI, cookie, {
        model,
        messages: question("Bonjour"),
        max_completion_tokens: 300,
      });
      expect(response.status).toBe(200);
    }

    expect(
      fake.requests.map(({ model, max_completion_tokens, max_tokens, temperature }) => ({
        model,
        max_completion_tokens,
        max_tokens,
        temperature,
      })),
    ).toEqual(
      ["gpt-5", "gpt-5-mini", "o3-mini", "o1"].map((model) => ({
        model,
        max_completion_tokens: 300,
        max_tokens: undefined,
        temperature: undefined,
      })),
    );
  });

  it("uses the assistant's defaults (1500 tokens, temperature 0.7) when the caller gives none", async () => {
    const { cookie } = await paidUser();

    await ask(OPENAI, cookie, { model: "gpt-4o-mini", messages: question("Bonjour") });
    await ask(OPENAI, cookie, { model: "gpt-5", messages: question("Bonjour") });

    expect(fake.requests[0]).toMatchObject({ max_tokens: 1500, temperature: 0.7 });
    expect(fake.requests[1]).toMatchObject({ max_completion_tokens: 1500 });
    expect(fake.requests[1]).not.toHaveProperty("temperature");
  });

  it("refuses settings the model does not take, in French, without calling the provider", async () => {
    const { cookie } = await paidUser();

    const newer = await ask(OPENAI, cookie, {
      model: "gpt-5",
      messages: question("Bonjour"),
      max_tokens: 100,
      temperature: 1,
    });
    const older = await ask(OPENAI, cookie, {
      model: "gpt-4o",
      messages: question("Bonjour"),
      max_completion_tokens: 100,
    });
    const empty = await ask(OPENAI, cookie, { model: "gpt-4o", messages: [] });

    expect(newer.status).toBe(400);
    expect((await newer.json()).error.issues).toEqual([
      { path: "max_tokens", message: "Ce modèle attend max_completion_tokens au lieu de max_tokens." },
      { path: "temperature", message: "Ce modèle n'accepte pas de température." },
    ]);
    expect((await older.json()).error.issues).toEqual([
      {
        path: "max_completion_tokens",
        message: "Ce modèle attend max_tokens (avec une température) au lieu de max_completion_tokens.",
      },
    ]);
    expect((await empty.json()).error.issues).toEqual([
      { path: "messages", message: "Envoyez au moins un message." },
    ]);
    expect(fake.requests).toEqual([]);
  });
});

describe("POST /functions/v1/secure-openrouter-proxy", () => {
  it("forwards with max_tokens 4000 and temperature 0.7 by default, and answers the provider's choices", async () => {
    const { cookie } = await paidUser();

    const response = await ask(OPENROUTER, cookie, {
      model: "anthropic/claude-sonnet-4",
      messages: question("Un conseil ?"),
    });

    expect(response.status).toBe(200);
    expect((await response.json()).choices[0].message.content).toBe("Bonjour, voici votre réponse.");
    expect(fake.requests).toEqual([
      {
        model: "anthropic/claude-sonnet-4",
        messages: question("Un conseil ?"),
        max_tokens: 4000,
        temperature: 0.7,
      },
    ]);
    expect(lastHeaders.authorization).toBe("Bearer sk-or-test");
    expect(lastHeaders["x-title"]).toBe("Ardoise");
  });

  it("passes the caller's max_tokens and temperature", async () => {
    const { cookie } = await paidUser();

    await ask(OPENROUTER, cookie, {
      model: "openai/gpt-5",
      messages: question("Bref"),
      max_tokens: 500,
      temperature: 0.8,
    });

    expect(fake.requests[0]).toMatchObject({ model: "openai/gpt-5", max_tokens: 500, temperature: 0.8 });
  });
});

describe("access to the proxies", () => {
  it.each([
    [OPENAI, "Utilisateur non authentifié"],
    [OPENROUTER, "Vous devez être connecté pour utiliser l'IA OpenRouter."],
  ])("%s answers 401 with the spec's text to an anonymous caller", async (path, message) => {
    const response = await ask(path, undefined, { model: "gpt-4o", messages: question("Bonjour") });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthenticated", message }, message });
    expect(fake.requests).toEqual([]);
  });

  it.each([OPENAI, OPENROUTER])("%s answers 402 to a user whose registration is not paid", async (path) => {
    const { cookie } = await registerAndConfirm(context, { email: `impaye-${++accounts}@example.fr` });

    const response = await ask(path, cookie, { model: "gpt-4o", messages: question("Bonjour") });

    expect(response.status).toBe(402);
    expect((await response.json()).error.code).toBe("payment_required");
    expect(fake.requests).toEqual([]);
  });

  it("leaves the other functions under /functions/v1 to their own guards", async () => {
    const response = await call(context, "/functions/v1/generate-invoice-pdf", { method: "POST", body: {} });

    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe("Session requise : veuillez vous connecter.");
  });

  it("answers 503 in French when the server has no key for the provider", async () => {
    // Same database, a server started without any AI configuration.
    const bare = await createTestContext({ database: context.database });
    const { cookie } = await paidUser(bare);

    const openai = await ask(OPENAI, cookie, { model: "gpt-4o", messages: question("Bonjour") }, bare);
    const openrouter = await ask(
      OPENROUTER,
      cookie,
      { model: "openai/gpt-4o", messages: question("Bonjour") },
      bare,
    );

    expect(openai.status).toBe(503);
    expect((await openai.json()).message).toBe("Le fournisseur OpenAI n'est pas configuré sur ce serveur.");
    expect(openrouter.status).toBe(503);
    expect((await openrouter.json()).message).toBe(
      "Le fournisseur OpenRouter n'est pas configuré sur ce serveur.",
    );
  });
});

describe("provider failures", () => {
  it.each([
    [OPENAI, "Réponse OpenAI invalide."],
    [OPENROUTER, "Réponse invalide du proxy OpenRouter."],
  ])("%s turns a provider error or an unusable answer into a French 502", async (path, message) => {
    const { cookie, userId } = await paidUser();
    const answers: FakeReply[] = [
      { status: 500, message: "internal error" },
      { status: 429, message: "rate limited upstream" },
      { raw: "<html>Bad gateway</html>", contentType: "text/html" },
      { raw: JSON.stringify({ choices: [] }) },
    ];

    for (const answer of answers) {
      reply = answer;
      const response = await ask(path, cookie, { model: "gpt-4o", messages: question("Bonjour") });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: { code: "unavailable", message }, message });
    }
    expect(await recordedFor(userId)).toEqual([]);
  });

  it("answers 'Erreur Edge function.' when the provider does not answer within AI_TIMEOUT_MS", async () => {
    const { cookie } = await paidUser();
    reply = { text: "trop tard", delayMs: 5_000 };
    const startedAt = Date.now();

    const response = await ask(OPENAI, cookie, { model: "gpt-4o", messages: question("Bonjour") });

    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe("Erreur Edge function.");
    expect(Date.now() - startedAt).toBeLessThan(4_000);
  });
});

describe("limits", () => {
  it(`answers 429 with Retry-After after ${AI_REQUESTS_PER_MINUTE} calls in a minute, for that user only`, async () => {
    const { cookie } = await paidUser();
    const other = await paidUser();

    for (let i = 0; i < AI_REQUESTS_PER_MINUTE; i++) {
      const path = i % 2 ? OPENAI : OPENROUTER;
      expect((await ask(path, cookie, { model: "gpt-4o", messages: question(`Question ${i}`) })).status).toBe(
        200,
      );
    }
    const refused = await ask(OPENROUTER, cookie, { model: "gpt-4o", messages: question("Encore une") });

    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe("Trop de requêtes à l'IA : réessayez dans une minute.");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(fake.requests).toHaveLength(AI_REQUESTS_PER_MINUTE);
    expect((await ask(OPENAI, other.cookie, { model: "gpt-4o", messages: question("Moi ?") })).status).toBe(
      200,
    );
  });

  it("lets exactly the limit through when the calls arrive at once", async () => {
    const { cookie } = await paidUser();
    const burst = AI_REQUESTS_PER_MINUTE + 5;

    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        ask(OPENAI, cookie, { model: "gpt-4o", messages: question(`Rafale ${i}`) }),
      ),
    );

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(AI_REQUESTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it("answers 429 once the day's recorded tokens reach AI_DAILY_TOKEN_QUOTA", async () => {
    const { cookie } = await paidUser();
    reply = { text: "Une longue réponse.", usage: { promptTokens: 900, completionTokens: 200 } };

    const first = await ask(OPENAI, cookie, { model: "gpt-4o", messages: question("Analyse mon année") });
    const second = await ask(OPENROUTER, cookie, {
      model: "openai/gpt-4o",
      messages: question("Et maintenant ?"),
    });

    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      error: {
        code: "rate_limited",
        message: "Quota quotidien de l'IA atteint : il se renouvelle à minuit.",
      },
      message: "Quota quotidien de l'IA atteint : il se renouvelle à minuit.",
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe("recorded interactions", () => {
  it("records one ai_task_executions row per answer, for the caller only, with the prompt and result cut", async () => {
    const caller = await paidUser();
    const bystander = await paidUser();
    const longQuestion = `Rédige une relance. ${"x".repeat(600)}`;
    reply = { text: "R".repeat(1200), usage: { promptTokens: 40, completionTokens: 300 } };

    await ask(OPENROUTER, caller.cookie, {
      model: "openai/gpt-4o-mini",
      messages: [
        ...question("Première question"),
        { role: "assistant", content: "Réponse" },
        { role: "user", content: longQuestion },
      ],
    });

    const rows = await recordedFor(caller.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      taskType: "proxy",
      provider: "openrouter",
      model: "openai/gpt-4o-mini",
      tokensUsed: 340,
      inputPrompt: longQuestion.slice(0, 500),
      outputResult: "R".repeat(1000),
      metadata: { service: "openrouter", timestamp: expect.any(String) },
    });
    expect(await recordedFor(bystander.userId)).toEqual([]);
  });
});
