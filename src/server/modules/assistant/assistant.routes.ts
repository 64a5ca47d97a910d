import { assistantConfigDto, chatRequest, generateDocumentInput } from "@shared/schemas/assistant";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { uuidParam, valid } from "../../http/validate";
import { getBusinessAnalysis } from "../analysis/analysis.service";
import { autonomousRequest, executeAutonomously } from "./autonomous";
import { type ChatDeps, runChat } from "./chat.service";
import { generateDocument } from "./documents.service";
import { PROPOSAL_NOT_FOUND, settleProposal } from "./executions";
import { availableModelIds, configuredProviders } from "./providers";
import { listServerModels } from "./server-models";

/**
 * An answer complete within this time is sent as one body: the offline engine answers whole in a few
 * milliseconds, and streaming it cost the server a third of its work per question (web streams, a chunk and
 * a system call per write). A longer one (a model writing, a provider failing over) is streamed from then on,
 * starting with what was emitted so far.
 */
const WHOLE_ANSWER_MS = 500;

/**
 * Once streaming, how long an event waits for the ones that follow it before they leave together: a model
 * streams words every few milliseconds, and one write every 10 ms is still smoother than the eye can follow.
 */
const COALESCE_MS = 10;

/**
 * An answer's lines, kept until `sendTo` gives them somewhere to go, then written in order, those added
 * within COALESCE_MS of each other in one write. A client gone away only stops the writing (the stream drops
 * what it can no longer send), not what the caller records.
 */
function answerLines() {
  let pending = "";
  let write: ((chunk: string) => Promise<unknown>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending || !write) return;
    const chunk = pending;
    const send = write;
    pending = "";
    writing = writing.then(() => send(chunk));
  };
  return {
    add(line: string) {
      pending += line;
      if (write) timer ??= setTimeout(flush, COALESCE_MS);
    },
    /** Everything so far, for an answer sent whole. */
    take() {
      const all = pending;
      pending = "";
      return all;
    },
    sendTo(writer: (chunk: string) => Promise<unknown>) {
      write = writer;
      flush();
    },
    async end() {
      flush();
      await writing;
    },
  };
}

/** /api/assistant: the chat (a stream of JSON lines), the proposals' confirmation, and what is usable now. */
export function assistantRoutes(deps: ChatDeps) {
  const { db, env } = deps;
  return new Hono<{ Variables: AuthVariables }>()
    .get("/config", async (c) =>
      c.json(
        assistantConfigDto.parse({
          providers: [...configuredProviders(env), "local"],
          availableModels: availableModelIds(env),
          serverModels: await listServerModels(env),
        }),
      ),
    )
    .post("/chat", valid(chatRequest), async (c) => {
      const userId = c.get("user").id;
      const body = c.req.valid("json");
      c.header("content-type", "application/x-ndjson; charset=utf-8");
      c.header("cache-control", "no-store");
      const lines = answerLines();
      const answering = runChat(deps, {
        userId,
        body,
        emit: (event) => lines.add(`${JSON.stringify(event)}\n`),
      });
      // Settled now or awaited below: a failure meanwhile is never left unhandled.
      answering.catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const isWhole = await Promise.race([
        answering.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), WHOLE_ANSWER_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      if (isWhole) return c.body(lines.take());
      return stream(c, async (out) => {
        lines.sendTo((chunk) => out.write(chunk));
        try {
          await answering;
        } finally {
          await lines.end();
        }
      });
    })
    .post("/documents", valid(generateDocumentInput), async (c) =>
      c.json(
        {
          document: await generateDocument(db, {
            userId: c.get("user").id,
            input: c.req.valid("json"),
            appUrl: env.appUrl,
          }),
        },
        201,
      ),
    )
    .post("/proposals/:id/confirm", uuidParam(PROPOSAL_NOT_FOUND), async (c) =>
      c.json({
        result: await settleProposal(db, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          decision: "confirm",
          appUrl: env.appUrl,
        }),
      }),
    )
    .post("/proposals/:id/cancel", uuidParam(PROPOSAL_NOT_FOUND), async (c) => {
      await settleProposal(db, {
        userId: c.get("user").id,
        id: c.req.param("id"),
        decision: "cancel",
        appUrl: env.appUrl,
      });
      return c.json({ cancelled: true });
    });
}

/** POST /functions/v1/autonomous-ai-execute: the analysis actions the spec lets run alone, for the session's user. */
export function autonomousExecuteFunction(db: Db) {
  return new Hono<{ Variables: AuthVariables }>().post("/", valid(autonomousRequest), async (c) => {
    const userId = c.get("user").id;
    const { actions, userId: claimed } = c.req.valid("json");
    if (claimed && claimed !== userId)
      throw new AppError("forbidden", "Vous ne pouvez exécuter des actions que sur votre propre compte.");
    const analysis = await getBusinessAnalysis(db, { userId });
    const results = await executeAutonomously(db, {
      userId,
      analysis,
      requested: actions.map((action) => action.id),
    });
    return c.json({ results });
  });
}
