import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import type { AuthVariables } from "../auth/session";

const JSON_HEADERS = { "content-type": "application/json" };

// Bytes, not a string: a cached answer is written as is, with no UTF-8 encoding (and garbage) per request.
type Entry = { version: string; body: Uint8Array<ArrayBuffer> };
const utf8 = new TextEncoder();

/**
 * A server instance's memory of the JSON answers of hot reads (issue 15, decision 014). An answer is served
 * again only while the user's data version (db/schema/data-changes.ts, read with the session in the same
 * request) is the one it was computed at: any committed change to the user's business data, by this
 * instance, another one, a job or the assistant, changes the version, so nothing stale is ever served and
 * nothing needs to be invalidated by hand. The session itself is still read on every request, so a revoked
 * session or an unpaid account is refused at once, as before.
 */
export function createReadCache(maxMegabytes: number) {
  if (maxMegabytes === 0) return answerEachTime;
  const entries = new LRUCache<string, Entry>({
    maxSize: maxMegabytes * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.byteLength + entry.version.length,
  });
  /**
   * The answer of `read` for the signed-in user's `key`. The key must name everything the answer depends on
   * besides the user's data: the route, its validated query, and the day when the answer reads dates
   * against today (an invoice turns « en retard » at midnight with no change to its row).
   */
  return async function cachedJson(
    c: Context<{ Variables: AuthVariables }>,
    key: string,
    read: () => Promise<unknown>,
  ): Promise<Response> {
    const version = c.get("dataVersion");
    const id = `${c.get("user").id}\n${key}`;
    const cached = entries.get(id);
    if (cached?.version === version) return c.body(cached.body, 200, JSON_HEADERS);
    const body = utf8.encode(JSON.stringify(await read()));
    entries.set(id, { version, body });
    return c.body(body, 200, JSON_HEADERS);
  };
}

/** READ_CACHE_MB=0: every request reads the database. */
async function answerEachTime(
  c: Context<{ Variables: AuthVariables }>,
  _key: string,
  read: () => Promise<unknown>,
): Promise<Response> {
  return c.json(await read());
}

export type CachedJson = typeof answerEachTime;
