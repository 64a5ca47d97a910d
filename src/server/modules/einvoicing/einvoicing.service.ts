import { randomUUID } from "node:crypto";
import { parisToday } from "@shared/domain/dates";
import { EINVOICE_STATUSES, undecidedReceivedStatuses } from "@shared/domain/einvoicing";
import {
  type ConfirmSupplierInvoiceData,
  type EinvoiceStatusEventDto,
  type PendingDepositDto,
  type ReceivedInvoiceDto,
  type SupplierInvoiceDto,
  statusEventOf,
} from "@shared/schemas/einvoicing";
import type { ExpenseDto } from "@shared/schemas/expenses";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  businessIdentities,
  einvoiceInbox,
  einvoiceOutgoing,
  einvoiceStatusEvents,
  files,
  invoices,
} from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { leaseEnd, nextTryAt } from "../../jobs/retry-schedule";
import type { Logger } from "../../logger";
import { deleteFile, readFile } from "../../storage/file-storage";
import { workerPool } from "../../workers/pool";
import { getInvoicePdf } from "../invoices/invoice-pdf.service";
import { expenseFromInvoice, previewSupplierInvoice, storeInvoiceFile } from "./import.service";
import type { EinvoicingPlatform, LifecycleMessage, StatusReport } from "./platform";

const INVOICE_NOT_FOUND = "Facture introuvable.";
const INBOX_NOT_FOUND = "Facture reçue introuvable.";
const ALREADY_DECIDED = "Cette facture reçue a déjà été acceptée ou refusée.";

async function sirenOf(db: Db, userId: string): Promise<string | null> {
  const [identity] = await withTenant(db, userId, (tx) =>
    tx
      .select({ siren: businessIdentities.siren })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId)),
  );
  return identity?.siren ?? null;
}

async function recordStatuses(
  db: Db,
  {
    userId,
    invoiceId,
    platform,
    flowId,
    reports,
  }: { userId: string; invoiceId: string; platform: string; flowId: string; reports: StatusReport[] },
) {
  if (reports.length === 0) return;
  await withTenant(db, userId, (tx) =>
    tx
      .insert(einvoiceStatusEvents)
      .values(reports.map((report) => ({ userId, invoiceId, platform, flowId, ...report }))),
  );
}

async function events(db: Db, userId: string, invoiceId: string) {
  return withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(einvoiceStatusEvents)
      .where(and(eq(einvoiceStatusEvents.invoiceId, invoiceId), eq(einvoiceStatusEvents.userId, userId)))
      .orderBy(asc(einvoiceStatusEvents.occurredAt), asc(einvoiceStatusEvents.createdAt)),
  );
}

async function ownInvoice(db: Db, userId: string, invoiceId: string) {
  const [invoice] = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId))),
  );
  if (!invoice) throw new AppError("not_found", INVOICE_NOT_FOUND);
}

const toDto = (rows: Awaited<ReturnType<typeof events>>): EinvoiceStatusEventDto[] =>
  rows.map((row) =>
    statusEventOf({
      status: row.status,
      platform: row.platform,
      message: row.message,
      amountCents: row.amountCents,
      occurredAt: row.occurredAt.toISOString(),
    }),
  );

/**
 * Deposits an issued invoice's Factur-X PDF on the platform. The deposit is queued first (its tracking id
 * stored), then tried at once; if the platform cannot be reached the job loop tries again on the
 * webhooks' schedule, and the tracking id keeps a retry from depositing it twice. Once deposited it is not
 * sent again unless the platform rejected it (213: a malformed flow, corrected by a credit note and resent).
 * Where the directory is known, a business client's SIREN must be registered there (where it receives).
 */
export async function sendInvoice(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, invoiceId, logger }: { userId: string; invoiceId: string; logger: Logger },
): Promise<EinvoiceStatusEventDto[]> {
  const [invoice] = await withTenant(db, userId, (tx) =>
    tx
      .select({ status: invoices.status, number: invoices.invoiceNumber, buyer: invoices.buyer })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId))),
  );
  if (!invoice) throw new AppError("not_found", INVOICE_NOT_FOUND);
  if (invoice.status === "brouillon" || !invoice.number)
    throw new AppError("conflict", "Émettez la facture avant de l'envoyer à la plateforme.");
  const latest = (await events(db, userId, invoiceId)).at(-1);
  const [queued] = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: einvoiceOutgoing.id })
      .from(einvoiceOutgoing)
      .where(
        and(
          eq(einvoiceOutgoing.invoiceId, invoiceId),
          eq(einvoiceOutgoing.userId, userId),
          isNull(einvoiceOutgoing.status),
          isNull(einvoiceOutgoing.sentAt),
          isNotNull(einvoiceOutgoing.retryAt),
        ),
      ),
  );
  if ((latest && latest.status !== "rejetee") || queued)
    throw new AppError("conflict", "Cette facture a déjà été déposée sur la plateforme.");
  const buyerSiren = invoice.buyer?.siren;
  if (buyerSiren && platform.lookup) {
    // An unreachable directory does not hold the invoice back: the deposit is queued, and a platform that
    // cannot route it rejects it (213), which the timeline shows.
    const entry = await platform.lookup(buyerSiren).catch((error: Error) => {
      logger.warn({ err: error, invoiceId }, "directory lookup failed; deposit queued anyway");
      return { platformEnabled: true };
    });
    if (!entry?.platformEnabled)
      throw new AppError(
        "conflict",
        `Le SIREN ${buyerSiren} de ce client n'est pas inscrit à l'annuaire de la facturation électronique : il ne peut pas recevoir cette facture par une plateforme.`,
      );
  }
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .insert(einvoiceOutgoing)
      .values({ userId, invoiceId, trackingId: randomUUID(), platform: platform.name, retryAt: new Date() })
      .returning({ id: einvoiceOutgoing.id }),
  );
  if (row) await sendOutgoing(db, platform, { userId, id: row.id, logger });
  return toDto(await events(db, userId, invoiceId));
}

/**
 * Queues « encaissée » (CDAR 212, with the amount) when a payment is recorded on a deposited invoice of
 * services: the seller must emit it for services (the VAT is due on cashing). Runs in the payment's own
 * transaction, so the payment and its status are stored together or not at all; the job sends it.
 */
export async function queueCashedStatus(
  tx: Tx,
  { userId, invoiceId, amountCents }: { userId: string; invoiceId: string; amountCents: number },
): Promise<void> {
  const [deposit] = await tx
    .select({ platform: einvoiceStatusEvents.platform, nature: invoices.operationNature })
    .from(einvoiceStatusEvents)
    .innerJoin(invoices, and(eq(invoices.id, einvoiceStatusEvents.invoiceId), eq(invoices.userId, userId)))
    .where(
      and(
        eq(einvoiceStatusEvents.invoiceId, invoiceId),
        eq(einvoiceStatusEvents.userId, userId),
        eq(einvoiceStatusEvents.status, "deposee"),
      ),
    )
    .orderBy(desc(einvoiceStatusEvents.occurredAt))
    .limit(1);
  if (!deposit || deposit.nature === "biens") return;
  await tx.insert(einvoiceOutgoing).values({
    userId,
    invoiceId,
    status: "encaissee",
    amountCents,
    trackingId: randomUUID(),
    platform: deposit.platform,
    retryAt: new Date(),
  });
}

/**
 * One try at a queued deposit or status, if due: the row is leased for the try (two instances never send
 * it at once), then marked sent with the platform's flow and the status recorded on the invoice, or given
 * its next try, or, after the last, left with its failure.
 */
export async function sendOutgoing(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, id, logger }: { userId: string; id: string; logger: Logger },
  now = new Date(),
): Promise<boolean> {
  const [claimed] = await withTenant(db, userId, (tx) =>
    tx
      .update(einvoiceOutgoing)
      .set({ attempts: sql`${einvoiceOutgoing.attempts} + 1`, retryAt: leaseEnd(now) })
      .where(
        and(
          eq(einvoiceOutgoing.id, id),
          eq(einvoiceOutgoing.userId, userId),
          lte(einvoiceOutgoing.retryAt, now),
        ),
      )
      .returning(),
  );
  if (!claimed) return false;
  try {
    const [invoice] = await withTenant(db, userId, (tx) =>
      tx
        .select({
          number: invoices.invoiceNumber,
          issuedAt: invoices.issuedAt,
          seller: invoices.seller,
          buyer: invoices.buyer,
        })
        .from(invoices)
        .where(and(eq(invoices.id, claimed.invoiceId), eq(invoices.userId, userId))),
    );
    if (!invoice?.number) throw new Error("facture introuvable ou non émise");
    let flowId: string;
    let report: StatusReport;
    if (claimed.status === null) {
      const pdf = await getInvoicePdf(db, { userId, id: claimed.invoiceId });
      ({ flowId, report } = await platform.send({
        trackingId: claimed.trackingId,
        invoiceNumber: invoice.number,
        sellerSiren: invoice.seller?.siren ?? null,
        buyerSiren: invoice.buyer?.siren ?? null,
        fileName: pdf.filename,
        bytes: pdf.bytes,
      }));
    } else {
      const deposit = (await events(db, userId, claimed.invoiceId)).findLast(
        (row) => row.status === "deposee",
      );
      if (!deposit?.flowId) throw new Error("facture non déposée sur la plateforme");
      report = { status: claimed.status, message: null, occurredAt: now, amountCents: claimed.amountCents };
      ({ flowId } = await platform.sendStatus({
        trackingId: claimed.trackingId,
        invoiceFlowId: deposit.flowId,
        invoiceNumber: invoice.number,
        // BT-2: the issue date, a Paris day.
        invoiceIssueDate: invoice.issuedAt ? parisToday(invoice.issuedAt) : null,
        sellerSiren: invoice.seller?.siren ?? null,
        buyerSiren: invoice.buyer?.siren ?? null,
        report,
      }));
      flowId = deposit.flowId;
    }
    await withTenant(db, userId, async (tx) => {
      await tx
        .update(einvoiceOutgoing)
        .set({ flowId, retryAt: null, sentAt: now, error: null })
        .where(and(eq(einvoiceOutgoing.id, id), eq(einvoiceOutgoing.userId, userId)));
      await tx.insert(einvoiceStatusEvents).values({
        userId,
        invoiceId: claimed.invoiceId,
        platform: platform.name,
        flowId,
        ...report,
      });
    });
    return true;
  } catch (error) {
    await withTenant(db, userId, (tx) =>
      tx
        .update(einvoiceOutgoing)
        .set({ retryAt: nextTryAt(claimed.attempts, now), error: (error as Error).message })
        .where(and(eq(einvoiceOutgoing.id, id), eq(einvoiceOutgoing.userId, userId))),
    );
    logger.warn({ err: error, outgoingId: id, attempts: claimed.attempts }, "could not send to the platform");
    return false;
  }
}

/** The queued deposit of an issued invoice that has not gone through yet (null when none waits). */
export async function pendingDeposit(
  db: Db,
  { userId, invoiceId }: { userId: string; invoiceId: string },
): Promise<PendingDepositDto | null> {
  await ownInvoice(db, userId, invoiceId);
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ error: einvoiceOutgoing.error, retryAt: einvoiceOutgoing.retryAt })
      .from(einvoiceOutgoing)
      .where(
        and(
          eq(einvoiceOutgoing.invoiceId, invoiceId),
          eq(einvoiceOutgoing.userId, userId),
          isNull(einvoiceOutgoing.status),
          isNull(einvoiceOutgoing.sentAt),
        ),
      )
      .orderBy(desc(einvoiceOutgoing.createdAt))
      .limit(1),
  );
  return row ? { error: row.error, nextTryAt: row.retryAt?.toISOString() ?? null } : null;
}

/**
 * Records statuses the platform delivered as messages (pushed or polled), each on the invoice it names:
 * the seller's SIREN finds the user, the number the invoice. A message already recorded (the same one
 * pushed then polled) is skipped by its unique key. Runs as the owner role across users. Returns how many
 * were new.
 */
export async function recordLifecycleMessages(db: Db, platformName: string, messages: LifecycleMessage[]) {
  let recorded = 0;
  for (const message of messages) {
    if (!message.sellerSiren) continue;
    const [invoice] = await db
      .select({ id: invoices.id, userId: invoices.userId })
      .from(invoices)
      .innerJoin(businessIdentities, eq(businessIdentities.userId, invoices.userId))
      .where(
        and(
          eq(businessIdentities.siren, message.sellerSiren),
          eq(invoices.invoiceNumber, message.invoiceNumber),
        ),
      )
      .limit(1);
    if (!invoice) continue;
    const [deposit] = await db
      .select({ flowId: einvoiceStatusEvents.flowId })
      .from(einvoiceStatusEvents)
      .where(and(eq(einvoiceStatusEvents.invoiceId, invoice.id), eq(einvoiceStatusEvents.status, "deposee")))
      .orderBy(desc(einvoiceStatusEvents.occurredAt))
      .limit(1);
    const rows = await db
      .insert(einvoiceStatusEvents)
      .values({
        userId: invoice.userId,
        invoiceId: invoice.id,
        platform: platformName,
        flowId: deposit?.flowId ?? null,
        lifecycleFlowId: message.lifecycleFlowId,
        ...message.report,
      })
      .onConflictDoNothing()
      .returning({ id: einvoiceStatusEvents.id });
    recorded += rows.length;
  }
  return recorded;
}

/** The invoice's lifecycle, after asking the platform for statuses not yet recorded (one per status and flow). */
export async function invoiceStatuses(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, invoiceId, logger }: { userId: string; invoiceId: string; logger: Logger },
): Promise<EinvoiceStatusEventDto[]> {
  await ownInvoice(db, userId, invoiceId);
  const known = await events(db, userId, invoiceId);
  const flowId = known.findLast((row) => row.platform === platform.name)?.flowId;
  if (!flowId) return toDto(known);
  const recorded = new Set(known.filter((row) => row.flowId === flowId).map((row) => row.status));
  // The page shows what is known when the platform is down; the job loop's polling catches up.
  const reported = await platform.statuses(flowId).catch((error: Error) => {
    logger.warn({ err: error, invoiceId }, "platform statuses not read");
    return [];
  });
  const fresh = reported.filter((report) => !recorded.has(report.status));
  await recordStatuses(db, { userId, invoiceId, platform: platform.name, flowId, reports: fresh });
  return fresh.length > 0 ? toDto(await events(db, userId, invoiceId)) : toDto(known);
}

/**
 * Takes the supplier invoices the platform holds for the user's SIREN into « Factures reçues ». A readable
 * one is stored (kept 10 years) and waits for the user; one that is not a readable e-invoice is rejected
 * back to its sender (CDAR 213) with the reason, and nothing of it is stored. One row per flow (a unique
 * key), so two instances picking up the same flow keep it once. Returns how many were taken.
 */
export async function pullInbox(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, siren, logger }: { userId: string; siren: string; logger: Logger },
): Promise<number> {
  let taken = 0;
  const flows = await platform.receive(siren);
  // A flow this user already has (kept by an earlier run) is only acknowledged again, not read.
  const known = new Set(
    flows.length === 0
      ? []
      : (
          await withTenant(db, userId, (tx) =>
            tx
              .select({ flowId: einvoiceInbox.flowId })
              .from(einvoiceInbox)
              .where(
                and(
                  eq(einvoiceInbox.userId, userId),
                  eq(einvoiceInbox.platform, platform.name),
                  inArray(
                    einvoiceInbox.flowId,
                    flows.map((flow) => flow.flowId),
                  ),
                ),
              ),
          )
        ).map((row) => row.flowId),
  );
  for (const flow of flows) {
    if (known.has(flow.flowId)) {
      await platform.acknowledge(siren, flow.flowId);
      continue;
    }
    let invoice: SupplierInvoiceDto;
    try {
      invoice = await workerPool().run("readSupplierInvoice", flow.bytes, { owner: userId });
    } catch (error) {
      // Only the file's own faults go back to its sender; a busy or failed worker is tried again next time.
      if (!(error instanceof AppError) || error.code === "rate_limited" || error.status >= 500) throw error;
      const message = error.message;
      logger.warn({ flowId: flow.flowId, error: message }, "received e-invoice rejected");
      await platform.acknowledge(siren, flow.flowId);
      // Unrouted flows may be another user's: only the one it is addressed to may reject it.
      if (flow.routedByBuyer) continue;
      await platform.respond(siren, flow.flowId, { status: "rejetee", message, occurredAt: new Date() });
      continue;
    }
    if (flow.routedByBuyer && invoice.buyer.siren !== siren) continue;
    const saved = await storeInvoiceFile(db, { userId, invoice, name: flow.fileName, bytes: flow.bytes });
    const [row] = await withTenant(db, userId, (tx) =>
      tx
        .insert(einvoiceInbox)
        .values({
          userId,
          fileId: saved.id,
          platform: platform.name,
          flowId: flow.flowId,
          supplierName: invoice.supplier.name,
          invoiceNumber: invoice.number,
          issueDate: invoice.issueDate,
          grossCents: invoice.totals.grossCents,
        })
        .onConflictDoNothing()
        .returning({ id: einvoiceInbox.id }),
    );
    // Another instance took this flow first: it keeps its copy and acknowledges.
    if (!row) {
      await deleteFile(db, { userId, id: saved.id });
      continue;
    }
    await platform.acknowledge(siren, flow.flowId);
    taken++;
  }
  return taken;
}

/** The received invoices, the waiting ones first, each with the expense it would become (or why not). */
export async function listReceivedInvoices(
  db: Db,
  { userId }: { userId: string },
): Promise<ReceivedInvoiceDto[]> {
  const rows = await withTenant(db, userId, (tx) =>
    tx
      .select({ row: einvoiceInbox, fileName: files.name })
      .from(einvoiceInbox)
      .innerJoin(files, and(eq(files.id, einvoiceInbox.fileId), eq(files.userId, userId)))
      .where(eq(einvoiceInbox.userId, userId))
      .orderBy(
        desc(sql`${einvoiceInbox.status} = 'mise_a_disposition'`),
        desc(einvoiceInbox.receivedAt),
        desc(einvoiceInbox.id),
      ),
  );
  return Promise.all(
    rows.map(async ({ row, fileName }) => {
      const item: ReceivedInvoiceDto = {
        id: row.id,
        fileName,
        receivedAt: row.receivedAt.toISOString(),
        status: row.status,
        statusLabel: EINVOICE_STATUSES[row.status].label,
        supplier: row.supplierName,
        number: row.invoiceNumber,
        issueDate: row.issueDate,
        grossCents: row.grossCents,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        reason: row.reason,
        expenseId: row.expenseId,
        // The last try failed: when the next is due, or null once the tries ran out.
        answerFailure:
          row.answerError && !row.answerSentAt
            ? { message: row.answerError, nextTryAt: row.answerRetryAt?.toISOString() ?? null }
            : null,
        preview: null,
        error: null,
      };
      if (!(undecidedReceivedStatuses as readonly string[]).includes(row.status)) return item;
      const { bytes } = await readFile(db, { userId, id: row.fileId });
      return previewSupplierInvoice(db, { userId, bytes }).then(
        (preview) => ({ ...item, preview }),
        (error: Error) => ({ ...item, error: error.message }),
      );
    }),
  );
}

type Decision =
  | { status: "approuvee"; expenseId: string }
  | { status: "refusee" | "en_litige"; reason: string };

/**
 * Records the user's answer on a waiting invoice (only once: the update is conditional) and queues it for
 * the supplier (when the flow came from the platform and the user has a SIREN), then makes its first try
 * at once. The answer stands even if the platform cannot be reached then: the job tries again.
 */
async function decide(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, id, decision, logger }: { userId: string; id: string; decision: Decision; logger: Logger },
) {
  const now = new Date();
  const siren = await sirenOf(db, userId);
  const [decided] = await withTenant(db, userId, (tx) =>
    tx
      .update(einvoiceInbox)
      .set({
        ...decision,
        decidedAt: now,
        answerRetryAt: siren
          ? sql`case when ${einvoiceInbox.flowId} is null then null else ${now.toISOString()}::timestamptz end`
          : null,
      })
      .where(
        and(
          eq(einvoiceInbox.id, id),
          eq(einvoiceInbox.userId, userId),
          inArray(einvoiceInbox.status, [...undecidedReceivedStatuses]),
        ),
      )
      .returning({ id: einvoiceInbox.id }),
  );
  if (!decided) throw new AppError("conflict", ALREADY_DECIDED);
  await sendAnswer(db, platform, { userId, id, logger }, now);
}

/**
 * One try at sending a decided invoice's answer to the platform, if one is due: the row is leased for the
 * try (so two instances never send it at once), then marked sent, or given its next try on the queue's
 * schedule, or, after the last, left with its failure, which « Factures reçues » shows.
 */
export async function sendAnswer(
  db: Db,
  platform: EinvoicingPlatform,
  { userId, id, logger }: { userId: string; id: string; logger: Logger },
  now = new Date(),
): Promise<boolean> {
  const [claimed] = await withTenant(db, userId, (tx) =>
    tx
      .update(einvoiceInbox)
      .set({ answerAttempts: sql`${einvoiceInbox.answerAttempts} + 1`, answerRetryAt: leaseEnd(now) })
      .where(
        and(
          eq(einvoiceInbox.id, id),
          eq(einvoiceInbox.userId, userId),
          lte(einvoiceInbox.answerRetryAt, now),
        ),
      )
      .returning(),
  );
  if (!claimed) return false;
  let outcome: Partial<typeof einvoiceInbox.$inferInsert>;
  try {
    // decide() queues only a decided invoice that came as a flow; the check narrows the row's types.
    if (!claimed.flowId || claimed.status === "mise_a_disposition") throw new Error("no answer to send");
    const siren = await sirenOf(db, userId);
    if (!siren)
      throw new Error("Aucun SIREN dans votre profil : la plateforme ne peut pas recevoir la réponse.");
    await platform.respond(
      siren,
      claimed.flowId,
      {
        status: claimed.status,
        message: claimed.status === "approuvee" ? null : claimed.reason,
        occurredAt: claimed.decidedAt ?? now,
      },
      { number: claimed.invoiceNumber, issueDate: claimed.issueDate },
    );
    outcome = { answerRetryAt: null, answerSentAt: now, answerError: null };
  } catch (error) {
    outcome = {
      answerRetryAt: nextTryAt(claimed.answerAttempts, now),
      answerError: (error as Error).message,
    };
    logger.warn(
      { err: error, inboxId: id, attempts: claimed.answerAttempts },
      "could not send the answer to the platform",
    );
  }
  await withTenant(db, userId, (tx) =>
    tx
      .update(einvoiceInbox)
      .set(outcome)
      .where(and(eq(einvoiceInbox.id, id), eq(einvoiceInbox.userId, userId))),
  );
  return outcome.answerError === null;
}

async function waitingRow(db: Db, userId: string, id: string) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select()
      .from(einvoiceInbox)
      .where(and(eq(einvoiceInbox.id, id), eq(einvoiceInbox.userId, userId))),
  );
  if (!row) throw new AppError("not_found", INBOX_NOT_FOUND);
  if (!(undecidedReceivedStatuses as readonly string[]).includes(row.status))
    throw new AppError("conflict", ALREADY_DECIDED);
  return row;
}

/** The user confirmed a received invoice: its stored file becomes the expense's receipt; approuvée. */
export async function confirmReceivedInvoice(
  db: Db,
  platform: EinvoicingPlatform,
  {
    userId,
    id,
    input,
    logger,
  }: { userId: string; id: string; input: ConfirmSupplierInvoiceData; logger: Logger },
): Promise<ExpenseDto> {
  const row = await waitingRow(db, userId, id);
  const { bytes } = await readFile(db, { userId, id: row.fileId });
  const preview = await previewSupplierInvoice(db, { userId, bytes });
  const expense = await expenseFromInvoice(db, { userId, preview, fileId: row.fileId, input });
  await decide(db, platform, {
    userId,
    id,
    decision: { status: "approuvee", expenseId: expense.id },
    logger,
  });
  return expense;
}

/**
 * The user refused a received invoice (refusée), or put it in dispute (en litige: it still waits for a
 * final answer): the reason goes back to the supplier. The file stays.
 */
export async function refuseReceivedInvoice(
  db: Db,
  platform: EinvoicingPlatform,
  {
    userId,
    id,
    reason,
    status = "refusee",
    logger,
  }: { userId: string; id: string; reason: string; status?: "refusee" | "en_litige"; logger: Logger },
): Promise<void> {
  const row = await waitingRow(db, userId, id);
  if (status === "en_litige" && row.status === "en_litige")
    throw new AppError("conflict", "Cette facture est déjà en litige.");
  await decide(db, platform, { userId, id, decision: { status, reason }, logger });
}
