import { randomUUID } from "node:crypto";
import { formatMoney } from "@shared/format";
import type { ChatEvent } from "@shared/schemas/assistant";
import { VOICE_SAMPLE_RATE } from "@shared/voice";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerLocally } from "../modules/assistant/local-engine";
import { registerPaid } from "../test/accounts";
import { insertInvoiceRow } from "../test/invoice-rows";
import { createTestContext, TEST_APP_URL, type TestContext } from "../test/test-app";
import { SPOKEN_CHARS_BUDGET } from "./pipeline-engine";
import { audioOf, openVoice, serveVoice, typed, type VoiceEvent } from "./voice-test-kit";

/** Issue 27: « Quelles factures sont en retard ? » was answered with 89 s of speech, the whole list read out. */
const MAX_SPOKEN_SECONDS = 25;
const OVERDUE = 30;
/** After every seeded due date. */
const NOW = new Date("2026-03-18T11:00:00Z");

describe("voice agent: a list is spoken as a summary, shown in full", () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof serveVoice>>;
  let alice: { cookie: string; userId: string };
  /** Every figure the summary should say, computed here from the rows seeded below. */
  let owedCents = 0;

  beforeAll(async () => {
    context = await createTestContext();
    server = await serveVoice(context);
    alice = await registerPaid(context, { email: "alice.resume@example.fr" });
    const clients = ["Boulangerie Dupont", "Studio Lumière", "Garage Lemoine", "Hôtel du Lac", "Atelier 42"];
    for (let index = 0; index < OVERDUE; index++) {
      // Due dates from 2 January 2026 on, one every two days: the first is the oldest; the 17th owes the most.
      const due = new Date(Date.UTC(2026, 0, 2 + 2 * index)).toISOString().slice(0, 10);
      const totalCents = index === 16 ? 480_000 : 45_000 + index * 2_500;
      const paidCents = index === 3 ? 10_000 : 0;
      owedCents += totalCents - paidCents;
      await insertInvoiceRow(context.database.db, {
        userId: alice.userId,
        clientName: clients[index % clients.length] as string,
        invoiceNumber: `INV-2026-${String(index + 1).padStart(4, "0")}`,
        status: "en-attente",
        date: due,
        dueDate: due,
        subtotalCents: totalCents,
        totalCents,
        paidCents,
        issuedAt: new Date(`${due}T09:00:00Z`),
      });
    }
    // Neither paid nor draft invoices count among the overdue ones.
    await insertInvoiceRow(context.database.db, {
      userId: alice.userId,
      clientName: "Boulangerie Dupont",
      invoiceNumber: "INV-2025-0099",
      status: "payée",
      date: "2025-11-02",
      dueDate: "2025-12-02",
      subtotalCents: 900_000,
      totalCents: 900_000,
      paidCents: 900_000,
      issuedAt: new Date("2025-11-02T09:00:00Z"),
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  async function ask(question: string) {
    const voice = openVoice(server.url, { cookie: alice.cookie });
    await voice.opened;
    await voice.waitFor((event) => event.type === "session.created");
    voice.send(typed(question));
    voice.send({ type: "response.create" });
    await voice.waitFor((event) => event.type === "response.done", { timeoutMs: 60_000 });
    const transcript = String(
      (await voice.waitFor((event) => event.type === "response.audio_transcript.done")).transcript,
    );
    voice.close();
    return { events: voice.events, transcript, seconds: audioOf(voice.events).length / VOICE_SAMPLE_RATE };
  }
  const deltasOf = (events: VoiceEvent[]) =>
    events
      .filter((event) => event.type === "response.audio_transcript.delta")
      .map((event) => event.delta)
      .join("");

  it("says the count, what is owed, the oldest and the biggest, then offers the reminders", async () => {
    const { events, transcript, seconds } = await ask("Quelles factures sont en retard ?");
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThanOrEqual(MAX_SPOKEN_SECONDS);
    // The transcript keeps the written answer: the count, the ten oldest, linked, and the link to all.
    expect(transcript).toContain(`${OVERDUE} factures en retard`);
    expect(transcript).toContain("INV-2026-0001");
    expect(transcript).toContain("INV-2026-0010");
    expect(transcript).toContain(`Voir les ${OVERDUE} factures`);
    expect(deltasOf(events).trim()).toBe(transcript);
  }, 90_000);

  it("builds the summary from the figures, on the voice channel only", async () => {
    const heard = async (channel: "voice" | "chat", question = "Quelles factures sont en retard ?") => {
      const events: ChatEvent[] = [];
      await answerLocally(
        {
          db: context.database.db,
          userId: alice.userId,
          now: NOW,
          appUrl: TEST_APP_URL,
          confirmBeforeAction: true,
          conversationId: randomUUID(),
          emit: (event) => events.push(event),
          analyze: () => Promise.reject(new Error("not asked")),
          channel,
        },
        [{ role: "user", content: question }],
      );
      return events.flatMap((event) => (event.type === "speech" ? [event.text] : []));
    };
    expect(await heard("chat")).toEqual([]);
    const [summary] = await heard("voice");
    expect(summary).toBe(
      [
        `Vous avez ${OVERDUE} factures en retard, ${formatMoney(owedCents)} restent à encaisser.`,
        `La plus ancienne : Boulangerie Dupont, ${formatMoney(45_000)}, échue depuis le 2 janvier 2026.`,
        `La plus importante : Studio Lumière, ${formatMoney(480_000)}.`,
        "La liste complète est affichée à l'écran. Voulez-vous que je prépare les relances ?",
      ].join(" "),
    );
    // A plain list is summed up the same way, paid invoices counted but owing nothing.
    expect(await heard("voice", "Montre-moi mes factures")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Vous avez ${OVERDUE + 1} factures, ${formatMoney(owedCents)} restent à encaisser\\. La plus ancienne : Boulangerie Dupont`,
        ),
      ),
    ]);
    expect(await heard("voice", "Liste mes clients")).toEqual([]);
  });

  it("reads a short answer as it is, and cuts a long unsummed one with a pointer to the screen", async () => {
    const short = await ask("Combien ai-je de clients ?");
    expect(short.seconds).toBeGreaterThan(0.5);
    expect(short.seconds).toBeLessThan(MAX_SPOKEN_SECONDS);
    const analysis = await ask("Fais-moi un bilan de mon activité");
    expect(analysis.transcript.length).toBeGreaterThan(SPOKEN_CHARS_BUDGET);
    expect(analysis.seconds).toBeLessThanOrEqual(MAX_SPOKEN_SECONDS);
  }, 120_000);
});
