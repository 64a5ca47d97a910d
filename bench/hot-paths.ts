import { findSession } from "../src/server/auth/session";
import type { Db } from "../src/server/db/client";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { createAnalysisReader } from "../src/server/modules/analysis/analysis.service";
import { FALLBACK_TEXT, runChat } from "../src/server/modules/assistant/chat.service";
import { getClientDetail } from "../src/server/modules/clients/clients.service";
import { listInvoices } from "../src/server/modules/invoices/invoices.service";
import { listQuotes } from "../src/server/modules/quotes/quotes.service";
import { searchRecords } from "../src/server/modules/search/search.service";
import { type ApiSqlTarget, loadCalls, loadHttp, measureApiVsSql } from "./load";

// Issue 15: the requests a freelancer makes most after the invoice list, at 10 000 invoices, each through
// the server and as the same service call made directly (ratio of throughputs, same run, same load shape).

/** The question the assistant's offline engine answers from the figures (no model is configured). */
export const ASSISTANT_QUESTION = "Quel est mon chiffre d'affaires cette année ?";
/**
 * A client name of the bench dataset: the invoice list's search and the global search (the palette) match every
 * invoice of « Client 42 » (and 42x), and the global search those clients too.
 */
const SEARCH = "Client 42";

/**
 * The chat is a POST streaming JSON lines: the API side sends it under the load shape of every other figure
 * (loadHttp, each answer checked), the direct side calls the chat service with the same configuration as the
 * server (no AI key: the local engine), each after the session lookup.
 */
async function measureAssistant({ baseUrl, cookie, db, sessionToken, userId }: ApiSqlTarget) {
  const body = { messages: [{ role: "user" as const, content: ASSISTANT_QUESTION }] };
  const api = await loadHttp(
    `${baseUrl}/api/assistant/chat`,
    { cookie, origin: baseUrl },
    {
      method: "POST",
      body: JSON.stringify(body),
      // The engine's own failure answers 200 too: only a finished, real answer counts.
      check: (text) => text.includes('"type":"done"') && !text.includes(FALLBACK_TEXT),
    },
  );
  const env = parseEnv({ LOG_LEVEL: "silent", APP_URL: baseUrl });
  const deps = { db, env, logger: createLogger(env), analyze: createAnalysisReader(db) };
  const sql = await loadCalls(async () => {
    if (!(await findSession(db, sessionToken))) throw new Error("bench session not found");
    await runChat(deps, { userId, body, emit: () => {} });
  });
  const apiToSqlRatio = sql.rps ? Math.round((api.rps / sql.rps) * 100) / 100 : 0;
  return { ...api, sqlRps: sql.rps, sqlP50Ms: sql.p50Ms, sqlP95Ms: sql.p95Ms, apiToSqlRatio };
}

export async function measureHotPaths(target: ApiSqlTarget, clientId: string) {
  const page = { page: 1, pageSize: 20 };
  const clientDetail = await measureApiVsSql(target, `/api/clients/${clientId}`, (db: Db, userId) =>
    getClientDetail(db, { userId, clientId }),
  );
  const quoteList = await measureApiVsSql(target, "/api/quotes?page=1&pageSize=20", (db, userId) =>
    listQuotes(db, { userId, query: page }),
  );
  const search = await measureApiVsSql(
    target,
    `/api/invoices?page=1&pageSize=20&search=${encodeURIComponent(SEARCH)}`,
    (db, userId) => listInvoices(db, { userId, query: { ...page, search: SEARCH } }),
  );
  const globalSearch = await measureApiVsSql(
    target,
    `/api/search?q=${encodeURIComponent(SEARCH)}`,
    (db, userId) => searchRecords(db, { userId, q: SEARCH }),
  );
  const assistant = await measureAssistant(target);
  return { clientDetail, quoteList, search, globalSearch, assistant };
}
