import { VOICE_SAMPLE_RATE } from "@shared/voice";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerAndConfirm, registerPaid } from "../test/accounts";
import { createTestContext, type TestContext } from "../test/test-app";
import { NO_SPEECH_TO_TEXT } from "./pipeline-engine";
import { audioOf, openVoice, refusedStatus, rms, serveVoice, typed } from "./voice-test-kit";

describe("voice agent socket, built-in mode", () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof serveVoice>>;
  let alice: { cookie: string };
  let bruno: { cookie: string };

  beforeAll(async () => {
    context = await createTestContext();
    server = await serveVoice(context);
    alice = await registerPaid(context, { email: "alice.voix@example.fr" });
    bruno = await registerPaid(context, { email: "bruno.voix@example.fr" });
    await call(context, "/api/clients", {
      method: "POST",
      cookie: alice.cookie,
      body: { name: "Boulangerie Dupont" },
    });
    await call(context, "/api/clients", {
      method: "POST",
      cookie: bruno.cookie,
      body: { name: "Garage Lemoine" },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  it("refuses anonymous (401), unpaid (402) and foreign pages (403) before the upgrade", async () => {
    expect(await refusedStatus(server.url)).toBe(401);
    const unpaid = await registerAndConfirm(context, { email: "ursule.voix@example.fr" });
    expect(await refusedStatus(server.url, { cookie: unpaid.cookie })).toBe(402);
    expect(await refusedStatus(server.url, { cookie: alice.cookie, origin: "https://evil.example" })).toBe(
      403,
    );
    // The same guard answered over plain HTTP carries the French message.
    const anonymous = await call(context, "/functions/v1/realtime-voice-agent");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe("Session requise : veuillez vous connecter.");
    const notPaid = await call(context, "/functions/v1/realtime-voice-agent", { cookie: unpaid.cookie });
    expect(notPaid.status).toBe(402);
    expect((await notPaid.json()).error.message).toContain("59 €");
  });

  it("answers a typed turn from the user's own data, spoken as 24 kHz PCM16", async () => {
    const voice = openVoice(server.url, { cookie: alice.cookie });
    await voice.opened;
    const created = await voice.waitFor((event) => event.type === "session.created");
    expect(created.session).toMatchObject({ input_audio_transcription: null });
    voice.send(typed("Liste mes clients"));
    voice.send({ type: "response.create" });
    const done = await voice.waitFor((event) => event.type === "response.done");
    const types = voice.events.map((event) => event.type);
    expect(types.indexOf("session.created")).toBeLessThan(types.indexOf("response.created"));
    expect(types.indexOf("response.created")).toBeLessThan(types.indexOf("response.audio.delta"));
    expect(types.lastIndexOf("response.audio.delta")).toBeLessThan(types.indexOf("response.audio.done"));
    expect(types.indexOf("response.audio.done")).toBeLessThan(types.indexOf("response.done"));
    expect(done).toMatchObject({ response: { status: "completed" } });

    const samples = audioOf(voice.events);
    expect(samples.length / VOICE_SAMPLE_RATE).toBeGreaterThan(0.5);
    expect(rms(samples)).toBeGreaterThan(0.02);
    const transcript = String(
      (await voice.waitFor((event) => event.type === "response.audio_transcript.done")).transcript,
    );
    expect(transcript).toContain("Boulangerie Dupont");
    expect(transcript).not.toContain("Garage Lemoine");
    // The transcript deltas add up to the final transcript.
    const deltas = voice.events
      .filter((event) => event.type === "response.audio_transcript.delta")
      .map((event) => event.delta)
      .join("");
    expect(deltas.trim()).toBe(transcript);

    // The spec's client asks again 5 s later: nothing new was said, nothing is answered twice.
    const count = voice.events.length;
    voice.send({ type: "response.create" });
    voice.send(typed("Liste mes clients"));
    voice.send({ type: "response.create" });
    await voice.waitFor((event) => event.type === "response.done", { from: count });
    expect(voice.events.slice(count).filter((event) => event.type === "response.created")).toHaveLength(1);
    voice.close();
  }, 60_000);

  it("answers bad messages with French errors and stays usable", async () => {
    const voice = openVoice(server.url, { cookie: bruno.cookie });
    await voice.opened;
    await voice.waitFor((event) => event.type === "session.created");
    voice.socket.send("pas du json");
    voice.send({ type: "session.delete" });
    voice.send({ type: "conversation.item.create", item: { type: "message", role: "user", content: [] } });
    voice.send({ type: "input_audio_buffer.append", audio: Buffer.alloc(9600).toString("base64") });
    voice.send({ type: "input_audio_buffer.append", audio: Buffer.alloc(9600).toString("base64") });
    voice.send({ type: "input_audio_buffer.commit" });
    voice.send(typed("Liste mes clients"));
    voice.send({ type: "response.create" });
    await voice.waitFor((event) => event.type === "response.done");
    const errors = voice.events
      .filter((event) => event.type === "error")
      .map((event) => (event.error as { message: string }).message);
    expect(errors).toEqual([
      "Message illisible : un objet JSON est attendu.",
      "Type de message inconnu : « session.delete ».",
      "Message invalide : Message vide.",
      NO_SPEECH_TO_TEXT,
    ]);
    const transcript = String(
      (await voice.waitFor((event) => event.type === "response.audio_transcript.done")).transcript,
    );
    expect(transcript).toContain("Garage Lemoine");
    expect(transcript).not.toContain("Dupont");
    voice.close();
  }, 60_000);

  it("proposes a creation and runs it when the user says « oui, vas-y »", async () => {
    const voice = openVoice(server.url, { cookie: alice.cookie });
    await voice.opened;
    voice.send(typed("Ajoute le client Jean Martin, jean.martin@gmail.com"));
    voice.send({ type: "response.create" });
    const proposed = await voice.waitFor((event) => event.type === "response.output_item.done");
    expect(proposed.proposal).toMatchObject({ type: "create_client" });
    await voice.waitFor((event) => event.type === "response.done");
    const names = async (cookie: string) =>
      ((await (await call(context, "/api/clients", { cookie })).json()).items as { name: string }[]).map(
        (client) => client.name,
      );
    expect(await names(alice.cookie)).not.toContain("Jean Martin");

    const from = voice.events.length;
    voice.send(typed("Oui, vas-y"));
    voice.send({ type: "response.create" });
    const result = await voice.waitFor((event) => event.type === "response.output_item.done", { from });
    expect(result.result).toMatchObject({ type: "create_client", success: true });
    await voice.waitFor((event) => event.type === "response.done", { from });
    expect(await names(alice.cookie)).toContain("Jean Martin");
    expect(await names(bruno.cookie)).not.toContain("Jean Martin");
    voice.close();
  }, 60_000);

  it("holds at most two sockets per user", async () => {
    const first = openVoice(server.url, { cookie: bruno.cookie });
    const second = openVoice(server.url, { cookie: bruno.cookie });
    await Promise.all([first.opened, second.opened]);
    expect(await refusedStatus(server.url, { cookie: bruno.cookie })).toBe(429);
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await refusedStatus(server.url, { cookie: bruno.cookie })).toBe(101);
    second.close();
  });
});
