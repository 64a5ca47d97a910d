import autocannon from "autocannon";
import { findSession } from "../src/server/auth/session";
import type { Db } from "../src/server/db/client";
import { oneDecimal, percentile } from "./stats";

// One load shape for every API-vs-SQL figure (ARCHITECTURE.md): 50 concurrent callers for 10 seconds, once
// as HTTP requests to the server (autocannon, keep-alive connections), once as direct calls of the same
// service functions on a pool of the same size, in the same run, so that the ratio of the two throughputs
// says what HTTP, routing and middleware cost whatever else the machine is doing.

export const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 2;

export type LoadFigures = { p50Ms: number; p95Ms: number; requests: number; rps: number };

function figures(latencies: number[], requests: number, seconds: number): LoadFigures {
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: oneDecimal(percentile(latencies, 50)),
    p95Ms: oneDecimal(percentile(latencies, 95)),
    requests,
    rps: Math.round(requests / seconds),
  };
}

/**
 * A request other than a plain GET: its method and JSON body, and `check`, which reads every answer's body
 * (an answer it refuses counts as a failure: the whole figure is then an error, not a faster number).
 */
export type HttpRequest = { method: "POST"; body: string; check: (body: string) => boolean };

function runAutocannon(
  url: string,
  headers: Record<string, string>,
  duration: number,
  request: HttpRequest | undefined,
) {
  const latencies: number[] = [];
  let refused = 0;
  const requests = request && [
    {
      method: request.method,
      body: request.body,
      headers: { ...headers, "content-type": "application/json" },
      onResponse: (_status: number, body: string) => {
        if (!request.check(body)) refused++;
      },
    },
  ];
  return new Promise<LoadFigures & { non2xx: number }>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration, headers, ...(requests && { requests }) },
      (error, result) => {
        if (error) return reject(error);
        if (refused) return reject(new Error(`${refused} answers of ${url} failed their check`));
        resolve({
          ...figures(latencies, result.requests.total, duration),
          rps: Math.round(result.requests.average),
          non2xx: result.non2xx,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * `url` from CONNECTIONS keep-alive connections (a GET unless `request` says otherwise); a short unmeasured
 * run warms the server up first. The same generator for every figure: its own CPU, taken from the two cores
 * the server shares with it, is then the same for all of them.
 */
export async function loadHttp(url: string, headers: Record<string, string>, request?: HttpRequest) {
  await runAutocannon(url, headers, WARM_UP_S, request);
  return runAutocannon(url, headers, DURATION_S, request);
}

async function runCalls(call: () => Promise<unknown>, seconds: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await call();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  return figures(latencies, latencies.length, (performance.now() - started) / 1000);
}

/** `call` by CONNECTIONS concurrent callers, each calling again as soon as its call returns. */
export async function loadCalls(call: () => Promise<unknown>): Promise<LoadFigures> {
  await runCalls(call, WARM_UP_S);
  return runCalls(call, DURATION_S);
}

/** The server under test and the same database opened directly with a pool of the server's size. */
export type ApiSqlTarget = { baseUrl: string; cookie: string; db: Db; sessionToken: string; userId: string };

/**
 * GET `path` through the server, then the same statements called directly: the session lookup that every
 * business request makes, then `serve` (the route's service function). Figures of the API, plus the
 * direct path's and the ratio of the two throughputs.
 */
export async function measureApiVsSql(
  { baseUrl, cookie, db, sessionToken, userId }: ApiSqlTarget,
  path: string,
  serve: (db: Db, userId: string) => Promise<unknown>,
) {
  const api = await loadHttp(`${baseUrl}${path}`, { cookie, origin: baseUrl });
  const sql = await loadCalls(async () => {
    if (!(await findSession(db, sessionToken))) throw new Error("bench session not found");
    await serve(db, userId);
  });
  const apiToSqlRatio = sql.rps ? Math.round((api.rps / sql.rps) * 100) / 100 : 0;
  return { ...api, sqlRps: sql.rps, sqlP50Ms: sql.p50Ms, sqlP95Ms: sql.p95Ms, apiToSqlRatio };
}
