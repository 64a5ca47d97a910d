import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as apiRequest, type Browser, chromium } from "@playwright/test";
import { VOICE_SAMPLE_RATE } from "@shared/voice";
import { toWav } from "../src/server/voice/speech-services";
import { synthesizeSentence } from "../src/server/voice/synthesizer";
import { expect, shot, signUpAndPay, test } from "./fixtures";

// The microphone path end to end: Chromium's fake capture device plays a French WAV synthesized here, the
// panel's AudioWorklet streams it over the socket, and a server of its own (STT_URL set: local speech
// services) sends each committed turn to a fake Whisper server that records what it receives. The new
// account has no invoice, so the offline engine's answer from its data is "Aucune facture en retard."
const SAID = "Quelles factures sont en retard ?";
const email = `micro.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

let workDir: string;
let stt: Server;
let ardoise: ChildProcess;
let browser: Browser;
let baseURL: string;
const received: Buffer[] = [];

/** A port nobody listens on now (the server is started on it right after). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** OpenAI-compatible transcription: keeps the uploaded file, answers the same words whatever it hears. */
async function startFakeStt(): Promise<string> {
  stt = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") {
      res.writeHead(404).end();
      return;
    }
    const form = await new Request("http://stt.local", {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: Buffer.concat(chunks),
    }).formData();
    const file = form.get("file");
    if (file instanceof Blob) received.push(Buffer.from(await file.arrayBuffer()));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: SAID }));
  });
  await new Promise<void>((resolve) => stt.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(stt.address() as AddressInfo).port}/v1`;
}

/** The sentence in the server's own eSpeak-NG voice, between silences, as a 24 kHz mono 16-bit WAV. */
async function synthesizeWav(path: string) {
  const chunks: Buffer[] = [Buffer.alloc(VOICE_SAMPLE_RATE * 2 * 0.3)];
  const pcm = await synthesizeSentence(SAID);
  chunks.push(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  chunks.push(Buffer.alloc(VOICE_SAMPLE_RATE * 2));
  await writeFile(path, toWav(Buffer.concat(chunks)));
}

/** `npm start` as playwright.config.ts runs it, on its own port and data directory; resolves on "Prêt". */
async function startArdoise(sttUrl: string) {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: baseURL,
    DATA_DIR: join(workDir, "data"),
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    STT_URL: sttUrl,
  };
  // Local speech services only: no cloud relay, no AI provider (the offline engine answers).
  for (const name of ["OPENAI_API_KEY", "OPENROUTER_API_KEY", "TTS_URL"]) delete env[name];
  // Its own process group, so the cleanup stops npx and the server it runs together.
  ardoise = spawn("npx", ["tsx", "scripts/start.ts"], { env, detached: true, stdio: "pipe" });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Prêt" line within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prêt en")) {
        clearTimeout(timer);
        resolve();
      }
    };
    ardoise.stdout?.on("data", read);
    ardoise.stderr?.on("data", read);
    ardoise.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  expect(output).toContain("services vocaux locaux");
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  workDir = await mkdtemp(join(tmpdir(), "ardoise-micro-"));
  const wav = join(workDir, "question.wav");
  await synthesizeWav(wav);
  await startArdoise(await startFakeStt());
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  if (ardoise?.pid && ardoise.exitCode === null) {
    const exited = new Promise((resolve) => ardoise.once("exit", resolve));
    process.kill(-ardoise.pid, "SIGTERM");
    await exited;
  }
  await new Promise((resolve) => stt?.close(resolve));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

test("the microphone: spoken French reaches the transcription server, the agent answers aloud", async () => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    permissions: ["microphone"],
  });
  const page = await context.newPage();
  const mailbox = await apiRequest.newContext({ baseURL });
  await signUpAndPay(page.request, mailbox, { email, password, origin: baseURL });

  // The audio the panel streams, counted on the socket itself.
  let appended = 0;
  page.on("websocket", (socket) =>
    socket.on("framesent", ({ payload }) => {
      if (String(payload).includes('"input_audio_buffer.append"')) appended += 1;
    }),
  );

  await page.goto("/app");
  await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
  const dialog = page.getByRole("dialog", { name: "Assistant IA" });
  await dialog.getByRole("tab", { name: "Vocal" }).click();
  await dialog.getByRole("button", { name: "Connecter l'agent vocal" }).click();
  await expect(dialog.getByText("Connecté", { exact: true })).toBeVisible();
  await expect(dialog.getByText("À l'écoute...")).toBeVisible();

  // About 3 s of microphone (4096 samples at 24 kHz per buffer): the sentence is played at least once.
  await expect.poll(() => appended, { timeout: 15_000 }).toBeGreaterThanOrEqual(18);
  await shot(page, "voice-microphone-01-listening");

  // The agent's audio may be short: the indicator is watched on every DOM change from now on.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes("Agent parle...")) {
        document.body.dataset.agentSpoke = "true";
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole("button", { name: "Mettre en pause le micro" }).click();
  await expect(dialog.getByText("En pause")).toBeVisible();

  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
  const upload = received[0] as Buffer;
  expect(upload.subarray(0, 4).toString()).toBe("RIFF");
  expect(upload.readUInt32LE(24)).toBe(VOICE_SAMPLE_RATE);
  const pcm = upload.subarray(44);
  expect(pcm.length).toBeGreaterThanOrEqual(18 * 4096 * 2);
  // Not silence: the fake device's speech came through getUserMedia and the worklet.
  let energy = 0;
  for (let offset = 0; offset + 1 < pcm.length; offset += 2) energy += pcm.readInt16LE(offset) ** 2;
  expect(Math.sqrt(energy / (pcm.length / 2))).toBeGreaterThan(300);

  const transcript = dialog.getByRole("region", { name: "Transcription" });
  const userLine = transcript.getByRole("listitem").filter({ hasText: "Vous" });
  await expect(userLine).toContainText(SAID);
  await expect(userLine.getByText("Vocal")).toBeVisible();
  const agentLine = transcript.getByRole("listitem").filter({ hasText: "Agent IA" });
  await expect(agentLine).toContainText("Aucune facture en retard.", { timeout: 45_000 });
  // The text comes first; its audio follows from the worker pool, later on a machine loaded by the full run.
  await expect(page.locator("body")).toHaveAttribute("data-agent-spoke", "true", { timeout: 20_000 });
  await expect(dialog.getByText("Silencieux")).toBeVisible();
  await shot(page, "voice-microphone-02-answered");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "voice-microphone-03-mobile");

  await mailbox.dispose();
  await context.close();
});
