import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { leasedSlots } from "../db/schema/index";
import { registerPaid } from "../test/accounts";
import { postgresUrlOf } from "../test/database";
import { createTestContext, TEST_APP_URL, type TestContext } from "../test/test-app";
import { VOICE_INBOUND_BUDGET } from "./inbound-budget";
import { TURN_TEXT_TOO_LONG } from "./pipeline-engine";
import { TOO_MANY_MESSAGES, VOICE_CONNECTIONS_PER_MINUTE } from "./voice.routes";
import { openVoice, refusedStatus, serveVoice, typed } from "./voice-test-kit";

// Issue 26, finding 3: the voice socket's limits hold across instances and against a flooding client.

/**
 * Local speech services (STT_URL, TTS_URL) on 127.0.0.1 speaking OpenAI's audio API: speech is made in
 * another process, as in production with a Whisper server, so what the tests time is this server's own
 * handling of the socket (the built-in synthesizer speaks in the worker pool: decision 018).
 */
async function speechServer() {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/v1/audio/transcriptions") {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ text: "Liste mes clients" }));
        return;
      }
      // 0.1 s of a 440 Hz tone, 24 kHz PCM16.
      const pcm = Buffer.alloc(4800);
      for (let index = 0; index < 2400; index++)
        pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 24_000)), index * 2);
      response.setHeader("content-type", "application/octet-stream");
      response.end(pcm);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe("voice socket limits", () => {
  let speech: Awaited<ReturnType<typeof speechServer>>;
  let context: TestContext;
  /** A second instance on the same database: its own app, routes and process-local state. */
  let other: TestContext;
  let otherDatabase: Database | undefined;
  let first: Awaited<ReturnType<typeof serveVoice>>;
  let second: Awaited<ReturnType<typeof serveVoice>>;
  let alice: { cookie: string; userId: string };
  let bruno: { cookie: string; userId: string };
  let chloe: { cookie: string; userId: string };

  beforeAll(async () => {
    speech = await speechServer();
    const env = { STT_URL: speech.url, TTS_URL: speech.url };
    context = await createTestContext({ env });
    // On PostgreSQL the second instance has its own pool, as another process would; PGlite has one
    // connection per data directory, so both apps share it.
    const url = postgresUrlOf(context.database);
    otherDatabase = url ? await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 3 }) : undefined;
    other = await createTestContext({ env, database: otherDatabase ?? context.database });
    [first, second] = await Promise.all([serveVoice(context), serveVoice(other)]);
    alice = await registerPaid(context, { email: "alice.limites@example.fr" });
    bruno = await registerPaid(context, { email: "bruno.limites@example.fr" });
    chloe = await registerPaid(context, { email: "chloe.limites@example.fr" });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await otherDatabase?.close();
    await context?.close();
    speech?.close();
  });

  it("holds two sockets per user in total across two instances, and frees a killed one's after its lease", async () => {
    const one = openVoice(first.url, { cookie: bruno.cookie });
    const two = openVoice(first.url, { cookie: bruno.cookie });
    await Promise.all([one.opened, two.opened]);
    // The other instance sees them: a third socket is refused there too.
    expect(await refusedStatus(second.url, { cookie: bruno.cookie })).toBe(429);
    expect(await refusedStatus(first.url, { cookie: bruno.cookie })).toBe(429);
    // Another user is not affected.
    expect(await refusedStatus(second.url, { cookie: alice.cookie })).toBe(101);
    one.close();
    await until(async () => (await sessionsOf(bruno.userId)) === 1);
    const three = openVoice(second.url, { cookie: bruno.cookie });
    await three.opened;
    expect(await refusedStatus(first.url, { cookie: bruno.cookie })).toBe(429);
    two.close();
    three.close();
    await until(async () => (await sessionsOf(bruno.userId)) === 0);

    // An instance killed with two sockets open leaves their rows: they hold the slots while their lease
    // runs, and free them once it has lapsed (nobody renews them).
    const killed = (secondsLeft: number) =>
      context.database.db.insert(leasedSlots).values(
        [1, 2].map(() => ({
          userId: chloe.userId,
          kind: "voice" as const,
          expiresAt: sql`now() + make_interval(secs => ${secondsLeft})`,
        })),
      );
    await killed(30);
    expect(await refusedStatus(second.url, { cookie: chloe.cookie })).toBe(429);
    await context.database.db.execute(
      sql`update leased_slots set expires_at = now() - interval '1 second' where user_id = ${chloe.userId}`,
    );
    expect(await refusedStatus(second.url, { cookie: chloe.cookie })).toBe(101);
  });

  it("refuses a client reconnecting in a loop past 12 sessions a minute, on every instance", async () => {
    const dana = await registerPaid(context, { email: "dana.limites@example.fr" });
    for (let index = 0; index < VOICE_CONNECTIONS_PER_MINUTE; index++) {
      expect(await refusedStatus(index % 2 ? second.url : first.url, { cookie: dana.cookie })).toBe(101);
      await until(async () => (await sessionsOf(dana.userId)) === 0);
    }
    expect(await refusedStatus(first.url, { cookie: dana.cookie })).toBe(429);
    expect(await refusedStatus(second.url, { cookie: dana.cookie })).toBe(429);
    expect(await refusedStatus(first.url, { cookie: alice.cookie })).toBe(101);
  });

  it("answers a merged turn past 20 000 characters with a French error event, and the turn before it", async () => {
    const voice = openVoice(first.url, { cookie: alice.cookie });
    await voice.opened;
    await voice.waitFor((event) => event.type === "session.created");
    // Eleven messages of 2 000 characters, the most one may hold, sent before asking for the answer (at
    // the pace the socket's budget allows: eight at once, then one every 2 s).
    const long = `Liste mes clients ${"x".repeat(2000)}`.slice(0, 2000);
    for (let index = 0; index < 11; index++) {
      if (index >= VOICE_INBOUND_BUDGET.turns.burst)
        await new Promise((resolve) =>
          setTimeout(resolve, 1000 / VOICE_INBOUND_BUDGET.turns.perSecond + 100),
        );
      voice.send(typed(long));
    }
    voice.send({ type: "response.create" });
    const done = await voice.waitFor((event) => event.type === "response.done", { timeoutMs: 30_000 });
    const errors = voice.events.filter((event) => event.type === "error");
    // The tenth and eleventh would take the turn past what one chat message holds: each is refused in
    // the Realtime protocol's error shape, and the nine before are answered.
    expect(errors).toEqual([
      {
        type: "error",
        error: { type: "invalid_request_error", code: "turn_too_long", message: TURN_TEXT_TOO_LONG },
      },
      {
        type: "error",
        error: { type: "invalid_request_error", code: "turn_too_long", message: TURN_TEXT_TOO_LONG },
      },
    ]);
    expect(TURN_TEXT_TOO_LONG).toContain("20\u202f000 caractères");
    expect(done).toMatchObject({ response: { status: "completed" } });
    voice.close();
  }, 40_000);

  it("closes a flooding socket with a French error while another user's requests answer promptly", async () => {
    const { port } = new URL(first.url);
    const api = `http://127.0.0.1:${port}/api/clients`;
    const short = async () => {
      const started = performance.now();
      const response = await fetch(api, { headers: { cookie: bruno.cookie, origin: TEST_APP_URL } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    for (let index = 0; index < 5; index++) await short();

    const voice = openVoice(first.url, { cookie: alice.cookie });
    await voice.opened;
    await voice.waitFor((event) => event.type === "session.created");
    // A running server has answered turns before.
    voice.send(typed("Liste mes clients"));
    voice.send({ type: "response.create" });
    await voice.waitFor((event) => event.type === "response.done");
    const from = voice.events.length;
    const closed = new Promise<number>((resolve) => voice.socket.once("close", (code) => resolve(code)));
    // 800 frames at once: typed turns each asked to be answered, as a runaway client would send them.
    // Without a budget the server answered them one merged turn after another for over a minute.
    const startedAt = performance.now();
    for (let index = 0; index < 400; index++) {
      voice.send(typed(`Liste mes clients et mes factures, encore et encore (${index})`));
      voice.send({ type: "response.create" });
    }
    let closedAfter: number | null = null;
    void closed.then(() => {
      closedAfter = performance.now() - startedAt;
    });
    const latencies: number[] = [];
    while (closedAfter === null && performance.now() - startedAt < 15_000) latencies.push(await short());
    for (let index = 0; index < 5; index++) latencies.push(await short());

    expect(closedAfter, "the flooding socket is closed").not.toBeNull();
    expect(await closed).toBe(1008);
    const errors = voice.events.slice(from).filter((event) => event.type === "error");
    expect(errors.at(-1)).toEqual({
      type: "error",
      error: { type: "invalid_request_error", code: "rate_limited", message: TOO_MANY_MESSAGES },
    });
    // The work the flood could start is bounded by the turns budget, not by the 400 turns it sent.
    const answered = voice.events.slice(from).filter((event) => event.type === "response.created");
    expect(answered.length).toBeLessThanOrEqual(VOICE_INBOUND_BUDGET.turns.burst);
    // Meanwhile the other user's requests answered (the finding: 1.87 s). The bound leaves room for this
    // shared test machine; the bench measures the p99 on a quiet one.
    const shown = latencies.map(Math.round).join(" ");
    expect(Math.max(...latencies), shown).toBeLessThan(1000);
    expect(median(latencies), shown).toBeLessThan(150);
  }, 60_000);

  const sessionsOf = async (userId: string) =>
    (
      await context.database.db
        .select({ id: leasedSlots.id })
        .from(leasedSlots)
        .where(sql`${leasedSlots.userId} = ${userId} and ${leasedSlots.kind} = 'voice'`)
    ).length;
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
