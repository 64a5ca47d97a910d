import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { EINVOICE_STATUSES, type EinvoiceStatus, einvoiceStatusFromCode } from "@shared/domain/einvoicing";

/**
 * The connection to a plateforme agréée, shaped on the AFNOR XP Z12-013 API (decisions 015, 020): deposit an
 * outgoing invoice as a flow, fetch the flows addressed to a recipient, read a flow's lifecycle statuses
 * (CDAR codes) and emit ours. The local directory and the AFNOR HTTP client (afnor/) implement it.
 */
export type OutgoingFlow = {
  /** Ours, given to the platform with the flow: a try whose answer was lost is found by it, not resent. */
  trackingId: string;
  invoiceNumber: string;
  sellerSiren: string | null;
  buyerSiren: string | null;
  fileName: string;
  /** The Factur-X PDF. */
  bytes: Uint8Array;
};
export type StatusReport = {
  status: EinvoiceStatus;
  message: string | null;
  occurredAt: Date;
  /** The amount a status carries (the sum cashed, for « encaissée »). */
  amountCents?: number | null;
};
export type ReceivedFlow = {
  flowId: string;
  fileName: string;
  bytes: Uint8Array;
  /**
   * A platform whose received flows are not routed per recipient (AFNOR: one account for the deployment)
   * leaves it to the file: the flow is the user's only if the invoice's buyer has the user's SIREN.
   */
  routedByBuyer?: boolean;
};
/** A status Ardoise emits, as the seller, on one of its issued invoices (« encaissée »). */
export type OutgoingStatus = {
  trackingId: string;
  invoiceFlowId: string;
  invoiceNumber: string;
  invoiceIssueDate: string | null;
  sellerSiren: string | null;
  buyerSiren: string | null;
  report: StatusReport;
};
/** A status the platform delivered as its own message (a CDAR flow), about an invoice by its number. */
export type LifecycleMessage = {
  lifecycleFlowId: string;
  invoiceNumber: string;
  sellerSiren: string | null;
  report: StatusReport;
};
/** Where a company receives its e-invoices, from the directory (annuaire). */
export type DirectoryEntry = { siren: string; addressingIdentifier: string; platformEnabled: boolean };

export type EinvoicingPlatform = {
  /** The name stored with each status ("local" for the directory). */
  name: string;
  send(flow: OutgoingFlow): Promise<{ flowId: string; report: StatusReport }>;
  statuses(flowId: string): Promise<StatusReport[]>;
  /** The supplier invoices addressed to this SIREN (the directory routes by the recipient's SIREN). */
  receive(recipientSiren: string): Promise<ReceivedFlow[]>;
  /** Marks a received flow as taken, so it is not delivered again. */
  acknowledge(recipientSiren: string, flowId: string): Promise<void>;
  /** The recipient's status on a received flow (approuvée, refusée with its reason, rejetée), for its sender. */
  respond(
    recipientSiren: string,
    flowId: string,
    report: StatusReport,
    invoice?: { number: string | null; issueDate: string | null },
  ): Promise<void>;
  /** Emits one of our statuses on an issued invoice; returns the flow it became. */
  sendStatus(status: OutgoingStatus): Promise<{ flowId: string }>;
  /**
   * Platforms that deliver statuses as messages of their own: the ones that arrived since a date (the
   * polling), and one by its id (what a push names).
   */
  lifecycle?(since: Date): Promise<LifecycleMessage[]>;
  lifecycleFlow?(flowId: string): Promise<LifecycleMessage[]>;
  /** The directory: where this SIREN receives, or null when it is not registered. */
  lookup?(siren: string): Promise<DirectoryEntry | null>;
};

type StatusFile = { code: number | string; message?: string; occurredAt?: string };

const isInvoiceFile = (name: string) => /\.(pdf|xml)$/i.test(name);

/**
 * The local default: no network, a directory that shows what would be sent and takes what is received.
 *  - outbox/<flowId>/ holds the Factur-X PDF and envelope.json (what the platform would receive); the
 *    platform's later statuses are status-*.json files dropped beside them ({ "code": 212 }, CDAR codes).
 *  - inbox/<SIREN>/ takes supplier invoices (PDF or XML) for the user with that SIREN; taken ones move to
 *    inbox/<SIREN>/recu/, where the recipient's answers are written beside them as
 *    <file>.status-<code>.json (the same shape as the outbox's status files).
 */
export function localDirectoryPlatform({
  outboxDir,
  inboxDir,
}: {
  outboxDir: string;
  inboxDir: string;
}): EinvoicingPlatform {
  return {
    name: "local",
    async send(flow) {
      const flowId = randomUUID();
      const directory = join(outboxDir, flowId);
      await mkdir(directory, { recursive: true });
      const report: StatusReport = { status: "deposee", message: null, occurredAt: new Date() };
      await writeFile(join(directory, basename(flow.fileName)), flow.bytes);
      const envelope = {
        flowId,
        // XP Z12-013 flow description: syntax and profile of the deposited document, parties by SIREN.
        flowSyntax: "Factur-X",
        flowProfile: "EN16931",
        invoiceNumber: flow.invoiceNumber,
        sellerSiren: flow.sellerSiren,
        buyerSiren: flow.buyerSiren,
        fileName: basename(flow.fileName),
        depositedAt: report.occurredAt.toISOString(),
        status: { code: 200, label: "Déposée" },
      };
      await writeFile(join(directory, "envelope.json"), `${JSON.stringify(envelope, null, 2)}\n`);
      return { flowId, report };
    },
    async statuses(flowId) {
      const directory = join(outboxDir, basename(flowId));
      const names = await readdir(directory).catch(() => [] as string[]);
      const reports: StatusReport[] = [];
      for (const name of names.filter((entry) => /^status-.*\.json$/.test(entry)).sort()) {
        const file = JSON.parse(await readFile(join(directory, name), "utf8")) as StatusFile;
        const status = einvoiceStatusFromCode(file.code);
        if (status)
          reports.push({
            status,
            message: file.message ?? null,
            occurredAt: file.occurredAt ? new Date(file.occurredAt) : new Date(),
          });
      }
      return reports;
    },
    async receive(recipientSiren) {
      const directory = join(inboxDir, basename(recipientSiren));
      const names = await readdir(directory).catch(() => [] as string[]);
      return Promise.all(
        names.filter(isInvoiceFile).map(async (name) => ({
          flowId: name,
          fileName: name,
          bytes: new Uint8Array(await readFile(join(directory, name))),
        })),
      );
    },
    async acknowledge(recipientSiren, flowId) {
      const directory = join(inboxDir, basename(recipientSiren));
      await mkdir(join(directory, "recu"), { recursive: true });
      await rename(join(directory, basename(flowId)), join(directory, "recu", basename(flowId)));
    },
    async sendStatus({ invoiceFlowId, report }) {
      const { code, label } = EINVOICE_STATUSES[report.status];
      const file = { code, label, amountCents: report.amountCents ?? null, occurredAt: report.occurredAt };
      const directory = join(outboxDir, basename(invoiceFlowId));
      await mkdir(directory, { recursive: true });
      await writeFile(join(directory, `sent-${code}.json`), `${JSON.stringify(file, null, 2)}\n`);
      return { flowId: `${invoiceFlowId}/sent-${code}` };
    },
    async respond(recipientSiren, flowId, report) {
      const directory = join(inboxDir, basename(recipientSiren), "recu");
      await mkdir(directory, { recursive: true });
      const { code, label } = EINVOICE_STATUSES[report.status];
      const file: StatusFile & { label: string } = {
        code,
        label,
        ...(report.message ? { message: report.message } : {}),
        occurredAt: report.occurredAt.toISOString(),
      };
      await writeFile(
        join(directory, `${basename(flowId)}.status-${code}.json`),
        `${JSON.stringify(file, null, 2)}\n`,
      );
    },
  };
}
