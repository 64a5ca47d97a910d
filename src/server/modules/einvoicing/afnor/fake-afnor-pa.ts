import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { EinvoiceStatus } from "@shared/domain/einvoicing";
import { Hono } from "hono";
import { buildCdar, readCdar } from "./cdar";

/**
 * A plateforme agréée on 127.0.0.1 for tests, speaking the AFNOR XP Z12-013 API as decision 020 writes it
 * down: an OAuth2 client-credentials token endpoint, the Flow Service (multipart submission with
 * `flowInfo` + `file`, search, get by id as Metadata or Original, healthcheck) and the Directory Service
 * (a directory line by addressing identifier). Tests drive what a real platform would do: lifecycle flows
 * arriving (statuses from the buyer's side), outages (503) and answers lost after the flow was taken.
 */
export type FakeFlow = {
  flowId: string;
  trackingId: string | null;
  flowType: string;
  flowDirection: "In" | "Out";
  flowSyntax: string;
  name: string;
  submittedAt: string;
  updatedAt: string;
  bytes: Uint8Array;
  acknowledgement: {
    status: "Pending" | "Ok" | "Error";
    details?: { level: string; item: string; reasonCode: string; reasonMessage: string }[];
  };
};

export type FakeAfnorPa = {
  baseUrl: string;
  tokenUrl: string;
  flowUrl: string;
  directoryUrl: string;
  flows: FakeFlow[];
  /** SIRENs registered in the directory (where they receive). */
  directory: Set<string>;
  /** The next n Flow Service calls answer 503. */
  failNext(n: number): void;
  /** The next submission is stored, then answered 503 (the answer lost on the way). */
  loseNextAnswer(): void;
  /** Flows Ardoise submitted (Out), invoices and lifecycle statuses. */
  submitted(): FakeFlow[];
  /** A lifecycle status arrives from the buyer's side about an invoice (an In CustomerInvoiceLC flow). */
  deliverStatus(status: {
    invoiceNumber: string;
    sellerSiren: string;
    status: EinvoiceStatus;
    reasonCode?: string;
    reason?: string;
  }): FakeFlow;
  /** A supplier's invoice arrives for one of Ardoise's users (an In SupplierInvoice flow). */
  deliverInvoice(bytes: Uint8Array, syntax?: "CII" | "UBL" | "Factur-X"): FakeFlow;
  /** The statuses in the CDAR flows Ardoise sent. */
  sentStatuses(): ReturnType<typeof readCdar>;
  close(): Promise<void>;
};

const CLIENT_ID = "ardoise";
const CLIENT_SECRET = "secret-de-test";
export const FAKE_PA_CREDENTIALS = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

export async function startFakeAfnorPa(): Promise<FakeAfnorPa> {
  const flows: FakeFlow[] = [];
  const directory = new Set<string>();
  const tokens = new Set<string>();
  let failures = 0;
  let loseAnswer = false;
  // CDAR times have a one-second precision: each status delivered is stamped a second after the last one.
  let clock = 0;

  const error = (code: string, message: string) => ({ errorCode: code, errorMessage: message });
  const metadata = ({ bytes: _bytes, name: _name, ...flow }: FakeFlow) => flow;

  const app = new Hono();
  app.post("/oauth/token", async (c) => {
    const basic = c.req.header("authorization")?.replace(/^Basic /, "") ?? "";
    const [id, secret] = Buffer.from(basic, "base64").toString().split(":");
    const form = await c.req.parseBody();
    if (form.grant_type !== "client_credentials") return c.json({ error: "unsupported_grant_type" }, 400);
    if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return c.json({ error: "invalid_client" }, 401);
    const token = randomUUID();
    tokens.add(token);
    return c.json({ access_token: token, token_type: "Bearer", expires_in: 3600 });
  });
  const guarded = new Hono();
  guarded.use(async (c, next) => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "");
    if (!token || !tokens.has(token)) return c.json(error("UNAUTHORIZED", "Invalid token"), 401);
    if (failures > 0) {
      failures--;
      return c.json(error("RESOURCE_ERROR", "Service unavailable"), 503);
    }
    await next();
  });
  guarded.get("/flow-service/v1/healthcheck", (c) => c.body(null, 200));
  guarded.post("/flow-service/v1/flows", async (c) => {
    const form = await c.req.formData();
    const info = form.get("flowInfo");
    const file = form.get("file");
    if (!(info instanceof Blob) || !(file instanceof Blob))
      return c.json(error("MISSING_REQUIRED_FIELD", "flowInfo and file are required"), 400);
    const flowInfo = JSON.parse(await info.text()) as {
      trackingId?: string;
      name?: string;
      flowSyntax?: string;
      sha256?: string;
    };
    if (!flowInfo.flowSyntax) return c.json(error("MISSING_REQUIRED_FIELD", "flowSyntax"), 400);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (flowInfo.sha256 && flowInfo.sha256 !== sha256)
      return c.json(error("ChecksumMismatch", "sha256"), 422);
    const now = new Date().toISOString();
    const flow: FakeFlow = {
      flowId: randomUUID(),
      trackingId: flowInfo.trackingId ?? null,
      flowType: flowInfo.flowSyntax === "CDAR" ? "CustomerInvoiceLC" : "CustomerInvoice",
      flowDirection: "Out",
      flowSyntax: flowInfo.flowSyntax,
      name: flowInfo.name ?? "flow",
      submittedAt: now,
      updatedAt: now,
      bytes,
      acknowledgement: { status: "Ok" },
    };
    flows.push(flow);
    if (loseAnswer) {
      loseAnswer = false;
      return c.json(error("RESOURCE_ERROR", "Gateway timeout"), 503);
    }
    return c.json({ ...flowInfo, sha256, flowId: flow.flowId, submittedAt: flow.submittedAt }, 202);
  });
  guarded.post("/flow-service/v1/flows/search", async (c) => {
    const { limit = 25, where } = (await c.req.json()) as {
      limit?: number;
      where?: {
        trackingId?: string;
        flowType?: string[];
        flowDirection?: string[];
        updatedAfter?: string;
        ackStatus?: string;
      };
    };
    if (!where || Object.keys(where).length === 0) return c.json(error("MISSING_CRITERIA", "where"), 400);
    const results = flows
      .filter((flow) => !where.trackingId || flow.trackingId === where.trackingId)
      .filter((flow) => !where.flowType || where.flowType.includes(flow.flowType))
      .filter((flow) => !where.flowDirection || where.flowDirection.includes(flow.flowDirection))
      .filter((flow) => !where.updatedAfter || flow.updatedAt > where.updatedAfter)
      .filter((flow) => !where.ackStatus || flow.acknowledgement.status === where.ackStatus)
      .slice(0, limit)
      .map(metadata);
    return c.json({ limit, filters: where, results });
  });
  guarded.get("/flow-service/v1/flows/:flowId", (c) => {
    const flow = flows.find((candidate) => candidate.flowId === c.req.param("flowId"));
    if (!flow) return c.json(error("NOT_FOUND", "flow"), 404);
    const docType = c.req.query("docType") ?? "Metadata";
    if (docType === "Metadata") return c.json(metadata(flow));
    return c.body(new Uint8Array(flow.bytes), 200, {
      "content-type": flow.flowSyntax === "Factur-X" ? "application/pdf" : "application/xml",
    });
  });
  guarded.get("/directory-service/v1/directory-line/:code", (c) => {
    const siren = c.req.param("code").replace(/^code:/, "");
    if (!directory.has(siren)) return c.json(error("NOT_FOUND", "directory line"), 404);
    return c.json({
      addressingIdentifier: siren,
      siren,
      platform: { platformType: "WK", platformStatus: "Enabled" },
    });
  });
  app.route("/", guarded);

  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    tokenUrl: `${baseUrl}/oauth/token`,
    flowUrl: `${baseUrl}/flow-service`,
    directoryUrl: `${baseUrl}/directory-service`,
    flows,
    directory,
    failNext: (n) => {
      failures = n;
    },
    loseNextAnswer: () => {
      loseAnswer = true;
    },
    submitted: () => flows.filter((flow) => flow.flowDirection === "Out"),
    deliverStatus(status) {
      clock = Math.max(Date.now() + 1000, clock + 1000);
      const now = new Date(clock);
      const flow: FakeFlow = {
        flowId: randomUUID(),
        trackingId: null,
        flowType: "CustomerInvoiceLC",
        flowDirection: "In",
        flowSyntax: "CDAR",
        name: "cdar.xml",
        submittedAt: now.toISOString(),
        updatedAt: now.toISOString(),
        bytes: new TextEncoder().encode(
          buildCdar({
            id: randomUUID(),
            issuerRole: "BY",
            issuerSiren: null,
            invoiceIssueDate: null,
            reasonCode: status.reasonCode ?? null,
            reason: status.reason ?? null,
            amountCents: null,
            occurredAt: now,
            ...status,
          }),
        ),
        acknowledgement: { status: "Ok" },
      };
      flows.push(flow);
      return flow;
    },
    deliverInvoice(bytes, syntax = "CII") {
      const now = new Date().toISOString();
      const flow: FakeFlow = {
        flowId: randomUUID(),
        trackingId: null,
        flowType: "SupplierInvoice",
        flowDirection: "In",
        flowSyntax: syntax,
        name: "facture",
        submittedAt: now,
        updatedAt: now,
        bytes,
        acknowledgement: { status: "Ok" },
      };
      flows.push(flow);
      return flow;
    },
    sentStatuses: () =>
      flows
        .filter((flow) => flow.flowDirection === "Out" && flow.flowSyntax === "CDAR")
        .flatMap((flow) => readCdar(flow.bytes)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
