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
 * How long an event waits for the ones that follow it before they leave together. A model streams words
 * every few milliseconds and the offline engine answers whole in a few: each write is a chunk of the
 * response and a system call, and one every 10 ms is still smoother than the eye can follow.
 */
const COALESCE_MS = 10;

/**
 * Lines written in order, those added within COALESCE_MS of each other in one write. A client gone away
 * only stops the writing (the stream drops what it can no longer send), not what the caller records.
 */
function coalescedLines(write: (chunk: string) => Promise<unknown>) {
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const chunk = pending;
    pending = "";
    writing = writing.then(() => write(chunk));
  };
  return {
    add(line: string) {
      pending += line;
      timer ??= setTimeout(flush, COALESCE_MS);
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
    .post("/chat", valid(chatRequest), (c) => {
      const userId = c.get("user").id;
      const body = c.req.valid("json");
      c.header("content-type", "application/x-ndjson; charset=utf-8");
      c.header("cache-control", "no-store");
      return stream(c, async (out) => {
        const lines = coalescedLines((chunk) => out.write(chunk));
        try {
          await runChat(deps, { userId, body, emit: (event) => lines.add(`${JSON.stringify(event)}\n`) });
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
