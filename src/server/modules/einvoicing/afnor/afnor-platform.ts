import { createHash, randomUUID } from "node:crypto";
import type {
  DirectoryEntry,
  EinvoicingPlatform,
  LifecycleMessage,
  OutgoingFlow,
  ReceivedFlow,
  StatusReport,
} from "../platform";
import { buildCdar, readCdar } from "./cdar";

/**
 * A plateforme agréée through the AFNOR XP Z12-013 API (decision 020): the Flow Service (POST /v1/flows,
 * POST /v1/flows/search, GET /v1/flows/{flowId}, GET /v1/healthcheck) and the Directory Service
 * (GET /v1/directory-line/code:{addressing-identifier}), each call with a bearer token obtained by OAuth2
 * client credentials. One account for the Ardoise deployment (an « opérateur de dématérialisation »).
 */
export type AfnorConfig = {
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
};

/** The platform could not be reached or answered with a failure: the caller's queue tries again. */
export class PlatformUnavailableError extends Error {}

type Flow = {
  flowId?: string;
  trackingId?: string;
  flowType?: string;
  flowDirection?: string;
  updatedAt?: string;
  acknowledgement?: { status?: string; details?: { reasonCode?: string; reasonMessage?: string }[] };
};

const MAX_PAGE = 100;
/** Received flows are looked for this far back (a restart finds what arrived while it was down). */
const RECEIVED_WINDOW_MS = 7 * 24 * 3600_000;
/** One search serves every user's pull of a job run. */
const RECEIVED_CACHE_MS = 30_000;

export function afnorPlatform(config: AfnorConfig): EinvoicingPlatform {
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | null = null;
  let received: { at: number; flows: ReceivedFlow[] } | null = null;
  /** Received flows a user took: not downloaded again by this process. */
  const taken = new Set<string>();

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PlatformUnavailableError(
        `La plateforme agréée ne répond pas (${(error as Error).name === "TimeoutError" ? "délai dépassé" : "connexion impossible"}).`,
      );
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const response = await call(config.tokenUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    if (!response.ok)
      throw new PlatformUnavailableError(
        `La plateforme agréée refuse nos identifiants (HTTP ${response.status}) : vérifiez PA_CLIENT_ID et PA_CLIENT_SECRET.`,
      );
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new PlatformUnavailableError("La plateforme agréée n'a pas donné de jeton.");
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return token.value;
  }

  /** An authenticated call; a 401 means the token expired early: one new token, one more try. */
  async function api(url: string, init: RequestInit = {}, retried = false): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${await accessToken()}`);
    headers.set("x-request-id", randomUUID());
    const response = await call(url, { ...init, headers });
    if (response.status === 401 && !retried) {
      token = null;
      return api(url, init, true);
    }
    return response;
  }

  async function ok(response: Response, what: string): Promise<Response> {
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as { errorCode?: string; errorMessage?: string };
    throw new PlatformUnavailableError(
      `La plateforme agréée a refusé ${what} (HTTP ${response.status}${body.errorCode ? `, ${body.errorCode}` : ""}${body.errorMessage ? ` : ${body.errorMessage}` : ""}).`,
    );
  }

  async function search(where: Record<string, unknown>): Promise<Flow[]> {
    const response = await ok(
      await api(`${config.flowUrl}/v1/flows/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ limit: MAX_PAGE, where }),
      }),
      "la recherche de flux",
    );
    return ((await response.json()) as { results?: Flow[] }).results ?? [];
  }

  async function download(flowId: string, docType: "Metadata" | "Original") {
    return ok(
      await api(`${config.flowUrl}/v1/flows/${encodeURIComponent(flowId)}?docType=${docType}`),
      "la lecture du flux",
    );
  }

  /** Submits a file, unless a flow with this tracking id is already there (a try whose answer was lost). */
  async function submit(flow: {
    trackingId: string;
    name: string;
    syntax: "Factur-X" | "CDAR";
    bytes: Uint8Array;
    type: string;
  }): Promise<string> {
    const [existing] = await search({ trackingId: flow.trackingId });
    if (existing?.flowId) return existing.flowId;
    const form = new FormData();
    const flowInfo = {
      trackingId: flow.trackingId,
      name: flow.name,
      flowSyntax: flow.syntax,
      ...(flow.syntax === "Factur-X" ? { flowProfile: "CIUS", processingRule: "B2B" } : {}),
      sha256: createHash("sha256").update(flow.bytes).digest("hex"),
    };
    form.append("flowInfo", new Blob([JSON.stringify(flowInfo)], { type: "application/json" }));
    form.append("file", new Blob([new Uint8Array(flow.bytes)], { type: flow.type }), flow.name);
    const response = await ok(
      await api(`${config.flowUrl}/v1/flows`, { method: "POST", body: form }),
      "le dépôt du flux",
    );
    const body = (await response.json()) as { flowId?: string };
    if (!body.flowId)
      throw new PlatformUnavailableError("La plateforme agréée n'a pas donné l'identifiant du flux.");
    return body.flowId;
  }

  const lifecycleOf = async (flowId: string): Promise<LifecycleMessage[]> => {
    const bytes = new Uint8Array(await (await download(flowId, "Original")).arrayBuffer());
    return readCdar(bytes).map((status, index) => ({
      lifecycleFlowId: index === 0 ? flowId : `${flowId}#${index}`,
      invoiceNumber: status.invoiceNumber,
      sellerSiren: status.sellerSiren,
      report: {
        status: status.status,
        message: [status.reasonCode, status.reason].filter(Boolean).join(" : ") || null,
        occurredAt: status.occurredAt,
        amountCents: status.amountCents,
      },
    }));
  };

  return {
    name: "afnor",
    async send(flow: OutgoingFlow) {
      const flowId = await submit({
        trackingId: flow.trackingId,
        name: flow.fileName,
        syntax: "Factur-X",
        bytes: flow.bytes,
        type: "application/pdf",
      });
      return { flowId, report: { status: "deposee", message: null, occurredAt: new Date() } };
    },
    /** The deposit's own acknowledgement: Error is the platform's rejection (213) with its reasons. */
    async statuses(flowId) {
      const flow = (await (await download(flowId, "Metadata")).json()) as Flow;
      if (flow.acknowledgement?.status !== "Error") return [];
      const message = (flow.acknowledgement.details ?? [])
        .map((detail) => [detail.reasonCode, detail.reasonMessage].filter(Boolean).join(" : "))
        .join(" ; ");
      return [
        { status: "rejetee", message: message || null, occurredAt: new Date(flow.updatedAt ?? Date.now()) },
      ];
    },
    async lifecycle(since) {
      const flows = await search({
        flowType: ["CustomerInvoiceLC"],
        flowDirection: ["In"],
        updatedAfter: since.toISOString(),
      });
      const messages: LifecycleMessage[] = [];
      for (const flow of flows) if (flow.flowId) messages.push(...(await lifecycleOf(flow.flowId)));
      return messages;
    },
    lifecycleFlow: lifecycleOf,
    /**
     * Supplier invoices received in the last days, not yet taken. The search has no recipient criterion, so
     * every user's pull sees them all (routed by the buyer's SIREN in pullInbox): one search and one
     * download per flow serve a whole run of the job.
     */
    async receive(): Promise<ReceivedFlow[]> {
      if (!received || Date.now() - received.at > RECEIVED_CACHE_MS) {
        const found = await search({
          flowType: ["SupplierInvoice"],
          flowDirection: ["In"],
          ackStatus: "Ok",
          updatedAfter: new Date(Date.now() - RECEIVED_WINDOW_MS).toISOString(),
        });
        const flows: ReceivedFlow[] = [];
        for (const { flowId } of found) {
          if (!flowId || taken.has(flowId)) continue;
          const bytes = new Uint8Array(await (await download(flowId, "Original")).arrayBuffer());
          const isPdf = new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-";
          flows.push({ flowId, fileName: `${flowId}.${isPdf ? "pdf" : "xml"}`, bytes, routedByBuyer: true });
        }
        received = { at: Date.now(), flows };
      }
      return received.flows.filter((flow) => !taken.has(flow.flowId));
    },
    async acknowledge(_recipientSiren, flowId) {
      taken.add(flowId);
    },
    async respond(recipientSiren, flowId, report: StatusReport, invoice) {
      const cdar = buildCdar({
        id: `${flowId}-${report.status}`,
        status: report.status,
        invoiceNumber: invoice?.number ?? flowId,
        sellerSiren: null,
        issuerSiren: recipientSiren,
        issuerRole: "BY",
        invoiceIssueDate: invoice?.issueDate ?? null,
        reasonCode: null,
        reason: report.message,
        amountCents: null,
        occurredAt: report.occurredAt,
      });
      await submit({
        trackingId: `${flowId}-${report.status}`,
        name: `${flowId}-${report.status}.xml`,
        syntax: "CDAR",
        bytes: new TextEncoder().encode(cdar),
        type: "application/xml",
      });
    },
    async sendStatus(status) {
      const cdar = buildCdar({
        id: status.trackingId,
        status: status.report.status,
        invoiceNumber: status.invoiceNumber,
        sellerSiren: status.sellerSiren,
        issuerSiren: status.sellerSiren,
        issuerRole: "SE",
        invoiceIssueDate: status.invoiceIssueDate,
        reasonCode: null,
        reason: status.report.message,
        amountCents: status.report.amountCents ?? null,
        occurredAt: status.report.occurredAt,
      });
      const flowId = await submit({
        trackingId: status.trackingId,
        name: `${status.trackingId}.xml`,
        syntax: "CDAR",
        bytes: new TextEncoder().encode(cdar),
        type: "application/xml",
      });
      return { flowId };
    },
    async lookup(siren): Promise<DirectoryEntry | null> {
      const response = await api(
        `${config.directoryUrl}/v1/directory-line/code:${encodeURIComponent(siren)}`,
      );
      if (response.status === 404) return null;
      const line = (await (await ok(response, "la consultation de l'annuaire")).json()) as {
        addressingIdentifier?: string;
        platform?: { platformStatus?: string };
      };
      return {
        siren,
        addressingIdentifier: line.addressingIdentifier ?? siren,
        platformEnabled: line.platform?.platformStatus !== "Disabled",
      };
    },
  };
}
