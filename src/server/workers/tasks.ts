import type { CommercialDocument } from "@shared/domain/commercial-document";
import type { ErrorCode, ErrorIssue } from "@shared/errors";
import type { BookDto } from "@shared/schemas/books";
import { readSupplierInvoice } from "../modules/einvoicing/supplier-invoice";
import { type PrintableAcceptance, renderAcceptanceCertificatePdf } from "../pdf/acceptance-certificate-pdf";
import { renderBookPdf } from "../pdf/books-pdf";
import { type DocumentExtras, renderCommercialDocumentPdf } from "../pdf/commercial-document-pdf";
import { type PrintableContract, renderContractPdf } from "../pdf/contract-pdf";

/**
 * What runs in the worker pool. Only the worker imports this module (`worker-entry.ts`): the server process
 * imports its types alone and never loads the parsers. Inputs and outputs cross threads by structured clone:
 * plain data only. Each task's budgets are in `budgets.ts`.
 */
export const TASKS = {
  readSupplierInvoice,
  renderCommercialDocumentPdf: ({
    document,
    extras,
  }: {
    document: CommercialDocument;
    extras: DocumentExtras;
  }) => renderCommercialDocumentPdf(document, extras),
  renderContractPdf: (contract: PrintableContract) => renderContractPdf(contract),
  renderBookPdf: ({ book, ownerName }: { book: BookDto; ownerName: string }) =>
    renderBookPdf(book, { ownerName }),
  renderAcceptanceCertificatePdf: (acceptance: PrintableAcceptance) =>
    renderAcceptanceCertificatePdf(acceptance),
} satisfies Record<string, (input: never) => Promise<unknown>>;

export type TaskName = keyof typeof TASKS;
export type TaskInput<Name extends TaskName> = Parameters<(typeof TASKS)[Name]>[0];
export type TaskOutput<Name extends TaskName> = Awaited<ReturnType<(typeof TASKS)[Name]>>;

/** A task's answer across the thread boundary: an AppError loses its class in a structured clone. */
export type TaskOutcome =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: ErrorCode; message: string; issues?: ErrorIssue[] } };
