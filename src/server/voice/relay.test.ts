import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { WebSocketServer } from "ws";
import { call, registerPaid } from "../test/accounts";
import { createTestContext, type TestContext } from "../test/test-app";
import { UPSTREAM_FAILED } from "./relay-engine";
import { audioOf, openVoice, serveVoice } from "./voice-test-kit";

type Upstream = {
  socket: WebSocket;
  received: { type: string; [field: string]: unknown }[];
  headers: Record<string, unknown>;
};

/** A fake OpenAI Realtime server on 127.0.0.1: records what the relay sends, sends what the test says. */
async function fakeRealtime() {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  const connections: Upstream[] = [];
  wss.on("connection", (socket, request) => {
    const upstream: Upstream = { socket, received: [], headers: { ...request.headers, url: request.url } };
    connections.push(upstream);
    socket.on("message", (data) => upstream.received.push(JSON.parse(data.toString())));
    socket.send(JSON.stringify({ type: "session.created", session: { id: "sess_fake" } }));
  });
  const { port } = wss.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}/v1/realtime`, connections, close: () => wss.close() };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe("voice agent, OpenAI Realtime relay", () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof serveVoice>>;
  let upstream: Awaited<ReturnType<typeof fakeRealtime>>;

  beforeAll(async () => {
    upstream = await fakeRealtime();
    context = await createTestContext({
      env: { OPENAI_API_KEY: "sk-test-voice", OPENAI_REALTIME_URL: upstream.url },
    });
    server = await serveVoice(context);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    upstream?.close();
    await context?.close();
  });

  it("configures the session, relays audio, and creates a draft only for its user after « oui, vas-y »", async () => {
    const alice = await registerPaid(context, { email: "alice.relais@example.fr", name: "Alice Durand" });
    const bruno = await registerPaid(context, { email: "bruno.relais@example.fr" });
    const voice = openVoice(server.url, { cookie: alice.cookie });
    await voice.opened;
    await until(() => upstream.connections.length === 1, "the upstream connection");
    const link = upstream.connections[0] as Upstream;
    expect(link.headers.authorization).toBe("Bearer sk-test-voice");
    expect(link.headers.url).toContain("model=gpt-4o-realtime-preview");
    await until(() => link.received.some((event) => event.type === "session.update"), "session.update");
    const session = link.received.find((event) => event.type === "session.update")?.session as {
      instructions: string;
      tools: { name: string; parameters: object }[];
      turn_detection: object;
      input_audio_transcription: object;
    };
    expect(session.instructions).toContain("Réponds en français");
    expect(session.instructions).toContain("Alice Durand");
    expect(session.instructions).toMatch(/Date du jour : \d{4}-\d{2}-\d{2}/);
    expect(session.turn_detection).toMatchObject({ type: "server_vad" });
    expect(session.input_audio_transcription).toBeTruthy();
    expect(session.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["create_client", "get_figures"]),
    );
    expect(await voice.waitFor((event) => event.type === "session.created")).toBeTruthy();

    const audio = Buffer.alloc(4096 * 2, 7).toString("base64");
    voice.send({ type: "input_audio_buffer.append", audio });
    voice.send({ type: "input_audio_buffer.commit" });
    await until(() => link.received.some((event) => event.type === "input_audio_buffer.commit"), "commit");
    expect(link.received.find((event) => event.type === "input_audio_buffer.append")?.audio).toBe(audio);

    // Upstream audio reaches the client as is.
    link.socket.send(
      JSON.stringify({ type: "response.audio.delta", delta: Buffer.alloc(4800, 1).toString("base64") }),
    );
    await voice.waitFor((event) => event.type === "response.audio.delta");
    expect(audioOf(voice.events).length).toBe(2400);

    // The model asks to create a client: it is only proposed.
    link.socket.send(
      JSON.stringify({
        type: "response.function_call_arguments.done",
        call_id: "call_1",
        name: "create_client",
        arguments: JSON.stringify({ name: "Jean Martin", email: "jean.martin@gmail.com" }),
      }),
    );
    const proposed = await voice.waitFor((event) => event.type === "response.output_item.done");
    expect(proposed.proposal).toMatchObject({ type: "create_client" });
    await until(
      () =>
        link.received.some(
          (event) => (event.item as { type?: string } | undefined)?.type === "function_call_output",
        ),
      "the tool output",
    );
    const output = link.received.find(
      (event) => (event.item as { type?: string } | undefined)?.type === "function_call_output",
    )?.item as { call_id: string; output: string };
    expect(output.call_id).toBe("call_1");
    expect(JSON.parse(output.output)).toMatchObject({ statut: "proposé" });
    const names = async (cookie: string) =>
      ((await (await call(context, "/api/clients", { cookie })).json()).items as { name: string }[]).map(
        (c) => c.name,
      );
    expect(await names(alice.cookie)).toEqual([]);

    // The user says yes aloud: the draft is created for Alice, not Bruno.
    link.socket.send(
      JSON.stringify({
        type: "conversation.item.input_audio_transcription.completed",
        transcript: "Oui, vas-y.",
      }),
    );
    const result = await voice.waitFor((event) => Boolean(event.result));
    expect(result.result).toMatchObject({ type: "create_client", success: true });
    expect(await names(alice.cookie)).toEqual(["Jean Martin"]);
    expect(await names(bruno.cookie)).toEqual([]);
    voice.close();
  }, 60_000);

  it("says in French when the upstream fails, and closes cleanly", async () => {
    const carla = await registerPaid(context, { email: "carla.relais@example.fr" });
    const voice = openVoice(server.url, { cookie: carla.cookie });
    await voice.opened;
    await until(() => upstream.connections.length === 2, "the upstream connection");
    const closed = new Promise<number>((resolve) => voice.socket.once("close", (code) => resolve(code)));
    upstream.connections[1]?.socket.terminate();
    const error = await voice.waitFor((event) => event.type === "error");
    expect((error.error as { message: string }).message).toBe(UPSTREAM_FAILED);
    expect(await closed).toBe(1011);
  }, 30_000);
});

describe("voice agent, local speech services", () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof serveVoice>>;
  const heard: { path: string; body: Buffer }[] = [];
  const speech = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      heard.push({ path: request.url ?? "", body: Buffer.concat(chunks) });
      if (request.url === "/v1/audio/transcriptions") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ text: "Liste mes clients" }));
        return;
      }
      // One second of a 440 Hz tone as raw 24 kHz PCM16.
      const tone = Buffer.alloc(48_000);
      for (let index = 0; index < 24_000; index += 1)
        tone.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 24_000)), index * 2);
      response.writeHead(200, { "content-type": "audio/pcm" });
      response.end(tone);
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => speech.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(speech.address() as AddressInfo).port}`;
    context = await createTestContext({ env: { STT_URL: base, TTS_URL: base } });
    server = await serveVoice(context);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    speech.close();
    await context?.close();
  });

  it("transcribes the microphone's audio, answers, and speaks through the TTS service", async () => {
    const dora = await registerPaid(context, { email: "dora.stt@example.fr" });
    await call(context, "/api/clients", {
      method: "POST",
      cookie: dora.cookie,
      body: { name: "Fromagerie Roux" },
    });
    const voice = openVoice(server.url, { cookie: dora.cookie });
    await voice.opened;
    const created = await voice.waitFor((event) => event.type === "session.created");
    expect(created.session).toMatchObject({ input_audio_transcription: { model: "whisper-1" } });
    const pcm = Buffer.alloc(24_000, 3);
    voice.send({ type: "input_audio_buffer.append", audio: pcm.toString("base64") });
    voice.send({ type: "input_audio_buffer.commit" });
    voice.send({ type: "response.create" });
    const user = await voice.waitFor(
      (event) => event.type === "conversation.item.input_audio_transcription.completed",
    );
    expect(user.transcript).toBe("Liste mes clients");
    const done = await voice.waitFor((event) => event.type === "response.audio_transcript.done");
    expect(String(done.transcript)).toContain("Fromagerie Roux");
    await voice.waitFor((event) => event.type === "response.done");
    const upload = heard.find((request) => request.path === "/v1/audio/transcriptions");
    expect(upload?.body.includes(Buffer.from("RIFF"))).toBe(true);
    expect(upload?.body.includes(pcm)).toBe(true);
    expect(String(heard.find((request) => request.path === "/v1/audio/speech")?.body)).toContain(
      "Fromagerie Roux",
    );
    expect(audioOf(voice.events).length).toBeGreaterThanOrEqual(24_000);
    voice.close();
  }, 60_000);

  it("refuses more than 60 s of audio in one turn, in French", async () => {
    const emma = await registerPaid(context, { email: "emma.stt@example.fr" });
    const voice = openVoice(server.url, { cookie: emma.cookie });
    await voice.opened;
    // 64 s in four frames of 16 s: within the socket's frame and byte budgets, past the turn's length.
    const sixteenSeconds = Buffer.alloc(16 * 48_000).toString("base64");
    for (let index = 0; index < 4; index += 1)
      voice.send({ type: "input_audio_buffer.append", audio: sixteenSeconds });
    const error = await voice.waitFor((event) => event.type === "error");
    expect((error.error as { message: string }).message).toContain("60 secondes au plus");
    voice.close();
  }, 30_000);
});
