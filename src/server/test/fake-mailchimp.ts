import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A Mailchimp Marketing API v3 on 127.0.0.1 for tests, speaking the real protocol: HTTP basic auth with any
 * user name and the API key as password, JSON bodies, members addressed by the MD5 of the lowercase address,
 * `status_if_new` applying to new members only, problem documents (`{ type, title, status, detail }`) on
 * errors. Enough of it for what Ardoise calls: the account, audiences, member upsert and tags.
 */

export type FakeMember = {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
};

export type FakeMailchimp = {
  baseUrl: string;
  /** Keys Mailchimp accepts; remove one to revoke it. */
  keys: Set<string>;
  lists: { id: string; name: string }[];
  /** Members by list id, then subscriber hash. */
  members: Map<string, Map<string, FakeMember>>;
  requests: { method: string; path: string; body: unknown }[];
  member: (listId: string, email: string) => FakeMember | undefined;
  close: () => Promise<void>;
};

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

export async function startFakeMailchimp({
  keys,
  lists,
}: {
  keys: string[];
  lists: { id: string; name: string }[];
}): Promise<FakeMailchimp> {
  const state = {
    keys: new Set(keys),
    lists,
    members: new Map<string, Map<string, FakeMember>>(),
    requests: [] as FakeMailchimp["requests"],
  };

  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, {
      "content-type": status >= 400 ? "application/problem+json" : "application/json",
    });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const problem = (response: ServerResponse, status: number, title: string, detail: string) =>
    send(response, status, {
      type: "https://mailchimp.com/developer/marketing/docs/errors/",
      title,
      status,
      detail,
    });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const body = raw ? JSON.parse(raw) : undefined;
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/3\.0/, "") || "/";
    state.requests.push({ method: request.method ?? "GET", path, body });

    const [scheme, credentials] = (request.headers.authorization ?? "").split(" ");
    const key =
      scheme === "Basic"
        ? Buffer.from(credentials ?? "", "base64")
            .toString()
            .split(":")[1]
        : undefined;
    if (!key || !state.keys.has(key))
      return problem(
        response,
        401,
        "API Key Invalid",
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );

    if (request.method === "GET" && path === "/")
      return send(response, 200, { account_name: "Atelier Martin" });
    if (request.method === "GET" && path === "/lists")
      return send(response, 200, {
        lists: state.lists.map((list) => ({
          ...list,
          stats: { member_count: state.members.get(list.id)?.size ?? 0 },
        })),
        total_items: state.lists.length,
      });
    const listMatch = /^\/lists\/([^/]+)(?:\/members\/([0-9a-f]{32})(\/tags)?)?$/.exec(path);
    const list = listMatch && state.lists.find((candidate) => candidate.id === listMatch[1]);
    if (!listMatch || !list)
      return problem(response, 404, "Resource Not Found", "The requested resource could not be found.");
    const [, listId, hash, tags] = listMatch as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
    ];
    if (!hash && request.method === "GET") return send(response, 200, { id: list.id, name: list.name });
    const members = state.members.get(listId) ?? new Map<string, FakeMember>();
    state.members.set(listId, members);
    const existing = hash ? members.get(hash) : undefined;

    if (hash && !tags && request.method === "PUT") {
      const email = String(body?.email_address ?? "");
      if (md5(email.toLowerCase()) !== hash)
        return problem(
          response,
          400,
          "Invalid Resource",
          "The subscriber hash does not match the email address.",
        );
      if (/@example\.invalid$/i.test(email))
        return problem(
          response,
          400,
          "Invalid Resource",
          `${email} looks fake or invalid, please enter a real email address.`,
        );
      const status = body?.status ?? (existing ? existing.status : body?.status_if_new);
      if (!status)
        return problem(response, 400, "Invalid Resource", "The resource submitted could not be validated.");
      const member: FakeMember = {
        email_address: email,
        status,
        merge_fields: { ...existing?.merge_fields, ...body?.merge_fields },
        tags: existing?.tags ?? [],
      };
      members.set(hash, member);
      return send(response, 200, { id: hash, ...member, list_id: listId });
    }
    if (hash && tags && request.method === "POST") {
      if (!existing)
        return problem(response, 404, "Resource Not Found", "The requested resource could not be found.");
      for (const tag of body?.tags ?? []) {
        existing.tags = existing.tags.filter((name) => name !== tag.name);
        if (tag.status === "active") existing.tags.push(tag.name);
      }
      response.writeHead(204).end();
      return;
    }
    return problem(
      response,
      405,
      "Method Not Allowed",
      "The requested method and resource are not compatible.",
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => problem(response, 500, "Internal", String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/3.0`,
    ...state,
    member: (listId, email) => state.members.get(listId)?.get(md5(email.toLowerCase())),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
