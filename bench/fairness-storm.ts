import { parentPort, workerData } from "node:worker_threads";
import { VOICE_SOCKET_PATH } from "@shared/voice";
import WebSocket from "ws";
import {
  deeplyNestedXml,
  pdfOfTinyObjects,
  pdfWithoutCatalog,
  selfReferencingNameTree,
  xmlOfEmptyElements,
} from "../src/server/modules/einvoicing/hostile-files";
import { ciiInvoiceWithExtraLines } from "../src/server/modules/einvoicing/test-invoices";

// The attacker of bench/fairness.ts: one paid user who, for `seconds`, uploads hostile and large supplier
// files in a loop, downloads the 100 000-row CSV export over and over and floods the voice socket. Run in a
// worker thread of the bench, so that building and sending its traffic does not delay the timer of the
// neighbour it is measured against; every loop ends its request in flight before the storm returns, so the
// server is idle again (no file left in the worker pool's queue) when the next measurement starts.

export const STORM_PARTS = ["uploads", "exports", "voice"] as const;
export type StormPart = (typeof STORM_PARTS)[number];

export type StormOptions = {
  baseUrl: string;
  cookie: string;
  seconds: number;
  parts: readonly StormPart[];
  /** Concurrent loops of each kind. */
  uploaders: number;
  exporters: number;
  /** Sockets the flood holds (MAX_SOCKETS_PER_USER is 2: a third is refused). */
  voiceSockets: number;
  /** Only these files (their labels), to tell which one costs the others their time; all by default. */
  files?: readonly string[];
};

export const EXPORT_PATH = "/api/invoices/export.csv";
const UPLOAD_PATH = "/api/expenses/import";
/** Frames one flooding socket sends at once: a typed turn and its response.create, 400 times. */
const FLOOD_TURNS = 400;
/** A refused upgrade is tried again after this long (a client in a loop, not a busy-wait). */
const REFUSED_RETRY_MS = 100;
/** A socket the server has not closed by then is closed by the attacker, and a new one flooded. */
const SOCKET_PATIENCE_MS = 10_000;

let files: ReturnType<typeof buildAttackFiles> | undefined;
/** Built once: the storm's clock should time traffic, not building 9 MB of XML. */
const attackFiles = () => {
  files ??= buildAttackFiles();
  return files;
};

/** The files of issue 26's findings, and a plausible large one, each with the name and type it is sent as. */
function buildAttackFiles() {
  // Each on its own ArrayBuffer, the type a Blob takes (a Buffer's may be a shared pool's).
  return withOwnBuffers([
    { label: "nameTree12", name: "facture.pdf", type: "application/pdf", bytes: selfReferencingNameTree(12) },
    {
      label: "emptyElements9MB",
      name: "facture.xml",
      type: "application/xml",
      bytes: xmlOfEmptyElements(2_300_000),
    },
    {
      label: "tinyObjects100k",
      name: "facture.pdf",
      type: "application/pdf",
      bytes: pdfOfTinyObjects(100_000),
    },
    { label: "nested10k", name: "facture.xml", type: "application/xml", bytes: deeplyNestedXml(10_000) },
    { label: "noCatalog", name: "facture.pdf", type: "application/pdf", bytes: pdfWithoutCatalog() },
    {
      label: "largeCii",
      name: "facture.xml",
      type: "application/xml",
      bytes: Buffer.from(ciiInvoiceWithExtraLines(11_000)),
    },
  ]);
}

const withOwnBuffers = <File extends { bytes: Uint8Array }>(files: File[]) =>
  files.map((file) => ({ ...file, bytes: new Uint8Array(file.bytes) }));

type Counts = Record<string, number>;
const bump = (counts: Counts, key: string | number, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** `loops` concurrent copies of `step`, each called again as soon as it returns, until `until`. */
const loopUntil = (until: number, loops: number, step: (loop: number) => Promise<void>) =>
  Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (performance.now() < until) await step(loop);
    }),
  );

async function uploadStorm({ baseUrl, cookie, uploaders, files: only }: StormOptions, until: number) {
  const files = attackFiles().filter((file) => !only || only.includes(file.label));
  if (!files.length) throw new Error(`no attack file among ${only?.join(", ")}`);
  const byStatus: Counts = {};
  const byFile: Record<string, Counts> = Object.fromEntries(files.map((file) => [file.label, {}]));
  const messages: Record<string, Record<string, string>> = Object.fromEntries(
    files.map((file) => [file.label, {}]),
  );
  let next = 0;
  await loopUntil(until, uploaders, async () => {
    const file = files[next++ % files.length] as (typeof files)[number];
    const form = new FormData();
    form.append("file", new Blob([file.bytes], { type: file.type }), file.name);
    const outcome = await fetch(`${baseUrl}${UPLOAD_PATH}`, {
      method: "POST",
      headers: { cookie, origin: baseUrl },
      body: form,
    }).then(
      async (response) => {
        const body = await response.text();
        const status = String(response.status);
        // The first answer of each kind per file, to read what the user is told.
        (messages[file.label] as Record<string, string>)[status] ??= messageOf(body);
        return status;
      },
      // A refused upload may be answered before its body is read, and the connection then reset.
      () => "network error",
    );
    bump(byStatus, outcome);
    bump(byFile[file.label] as Counts, outcome);
  });
  return {
    files: Object.fromEntries(files.map((file) => [file.label, file.bytes.byteLength])),
    byStatus,
    byFile,
    messages,
  };
}

/** An error's French message, or what a preview found (its supplier and number). */
function messageOf(body: string): string {
  try {
    const json = JSON.parse(body);
    if (json.error) return String(json.error.message);
    return `aperçu : ${json.invoice?.supplier?.name ?? "?"} ${json.invoice?.number ?? ""}`.trim();
  } catch {
    return body.slice(0, 200);
  }
}

async function exportStorm({ baseUrl, cookie, exporters }: StormOptions, until: number) {
  const byStatus: Counts = {};
  let megabytes = 0;
  let completeDownloads = 0;
  await loopUntil(until, exporters, async () => {
    try {
      const response = await fetch(`${baseUrl}${EXPORT_PATH}`, { headers: { cookie, origin: baseUrl } });
      bump(byStatus, response.status);
      if (!response.body) return;
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        megabytes += read.value.byteLength / 1e6;
      if (response.ok) completeDownloads++;
    } catch {
      bump(byStatus, "network error");
    }
  });
  return { byStatus, completeDownloads, megabytes: Math.round(megabytes) };
}

/** One socket: opened, flooded, and closed by the server (or by us after SOCKET_PATIENCE_MS). */
function floodOneSocket({ baseUrl, cookie }: StormOptions, counts: VoiceCounts): Promise<void> {
  const url = `${baseUrl.replace(/^http/, "ws")}${VOICE_SOCKET_PATH}`;
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: { cookie, origin: baseUrl } });
    let isOpen = false;
    let patience: NodeJS.Timeout | undefined;
    // A refused upgrade is reported by both "unexpected-response" and "error": counted once.
    let isSettled = false;
    const settle = (after = 0) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(patience);
      setTimeout(resolve, after);
    };
    socket.once("unexpected-response", (_request, response) => {
      bump(counts.upgradesRefused, response.statusCode ?? 0);
      response.resume();
      settle(REFUSED_RETRY_MS);
      socket.terminate();
    });
    socket.on("error", () => {
      if (!isOpen && !isSettled) bump(counts.upgradesRefused, "network error");
      settle(REFUSED_RETRY_MS);
    });
    socket.once("open", () => {
      isOpen = true;
      counts.socketsOpened++;
      for (let index = 0; index < FLOOD_TURNS; index++) {
        socket.send(
          JSON.stringify({
            type: "conversation.item.create",
            item: {
              type: "message",
              role: "user",
              content: [{ type: "input_text", text: `Liste mes clients et mes factures, encore (${index})` }],
            },
          }),
        );
        socket.send(JSON.stringify({ type: "response.create" }));
        counts.framesSent += 2;
      }
      patience = setTimeout(() => {
        counts.closedByAttacker++;
        socket.terminate();
      }, SOCKET_PATIENCE_MS);
    });
    socket.on("message", (data) => {
      const event = JSON.parse(data.toString());
      const type = String(event.type);
      if (type === "response.created" || type === "error" || type === "response.audio.delta")
        bump(counts.eventsReceived, type);
      // What the server speaks: its length is what the synthesizer has to compute.
      if (type === "response.audio_transcript.delta") counts.spokenCharacters += String(event.delta).length;
      if (type === "response.audio_transcript.done" && counts.firstAnswer === null)
        counts.firstAnswer = String(event.transcript).slice(0, 300);
    });
    socket.once("close", (code) => {
      if (isOpen) bump(counts.closeCodes, code);
      settle();
    });
  });
}

type VoiceCounts = {
  socketsOpened: number;
  framesSent: number;
  /** Sockets the server had not closed SOCKET_PATIENCE_MS after their flood. */
  closedByAttacker: number;
  spokenCharacters: number;
  firstAnswer: string | null;
  upgradesRefused: Counts;
  closeCodes: Counts;
  eventsReceived: Counts;
};

async function voiceStorm(options: StormOptions, until: number) {
  const counts: VoiceCounts = {
    socketsOpened: 0,
    framesSent: 0,
    closedByAttacker: 0,
    spokenCharacters: 0,
    firstAnswer: null,
    upgradesRefused: {},
    closeCodes: {},
    eventsReceived: {},
  };
  await loopUntil(until, options.voiceSockets, () => floodOneSocket(options, counts));
  return counts;
}

/** The attacker's `seconds` of traffic, the parts asked for at once; what each part was answered. */
export async function runStorm(options: StormOptions) {
  const until = performance.now() + options.seconds * 1000;
  const has = (part: StormPart) => options.parts.includes(part);
  const [uploads, exports, voice] = await Promise.all([
    has("uploads") ? uploadStorm(options, until) : null,
    has("exports") ? exportStorm(options, until) : null,
    has("voice") ? voiceStorm(options, until) : null,
  ]);
  return { uploads, exports, voice };
}
export type StormOutcome = Awaited<ReturnType<typeof runStorm>>;

// As a worker thread (bench/fairness.ts): the files are built before it says it is ready.
if (parentPort && workerData?.storm) {
  const port = parentPort;
  attackFiles();
  port.postMessage({ ready: true });
  port.once("message", async () => port.postMessage({ outcome: await runStorm(workerData.storm) }));
}
