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

function runAutocannon(url: string, headers: Record<string, string>, duration: number) {
  const latencies: number[] = [];
  return new Promise<LoadFigures & { non2xx: number }>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            ...figures(latencies, result.requests.total, duration),
            rps: Math.round(result.requests.average),
            non2xx: result.non2xx,
          }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** GET `url` from CONNECTIONS keep-alive connections; a short unmeasured run warms the server up first. */
export async function loadHttp(url: string, headers: Record<string, string>) {
  await runAutocannon(url, headers, WARM_UP_S);
  return runAutocannon(url, headers, DURATION_S);
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
