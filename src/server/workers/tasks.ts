import type { CommercialDocument } from "@shared/domain/commercial-document";
import type { ErrorCode, ErrorIssue } from "@shared/errors";
import type { BookDto } from "@shared/schemas/books";
import { readSupplierInvoice } from "../modules/einvoicing/supplier-invoice";
import { type PrintableAcceptance, renderAcceptanceCertificatePdf } from "../pdf/acceptance-certificate-pdf";
import { renderBookPdf } from "../pdf/books-pdf";
import { type DocumentExtras, renderCommercialDocumentPdf } from "../pdf/commercial-document-pdf";
import { type PrintableContract, renderContractPdf } from "../pdf/contract-pdf";
import { synthesizeSentence } from "../voice/synthesizer";
import { parseMultipartUpload } from "./multipart";

/**
 * What runs in the worker pool. Only the worker imports this module (`worker-entry.ts`): the server process
 * imports its types alone and never loads the parsers. Inputs and outputs cross threads by structured clone:
 * plain data only. Each task's budgets are in `budgets.ts`.
 */
export const TASKS = {
  parseMultipartUpload,
  readSupplierInvoice,
  // A Buffer arrives as a plain Uint8Array on the other side: the PDF tasks say so.
  renderCommercialDocumentPdf: ({
    document,
    extras,
  }: {
    document: CommercialDocument;
    extras: DocumentExtras;
  }): Promise<Uint8Array> => renderCommercialDocumentPdf(document, extras),
  renderContractPdf: (contract: PrintableContract): Promise<Uint8Array> => renderContractPdf(contract),
  renderBookPdf: ({ book, ownerName }: { book: BookDto; ownerName: string }): Promise<Uint8Array> =>
    renderBookPdf(book, { ownerName }),
  renderAcceptanceCertificatePdf: (acceptance: PrintableAcceptance): Promise<Uint8Array> =>
    renderAcceptanceCertificatePdf(acceptance),
  synthesizeSpeech: (sentence: string) => synthesizeSentence(sentence),
} satisfies Record<string, (input: never) => Promise<unknown>>;

/**
 * What each thread does once when the pool starts: its modules are then loaded and the WebAssembly voice
 * instantiated and compiled by its optimising tier (its first sentences run several times slower), so neither
 * counts in a task's budget nor delays a first spoken answer.
 */
export async function warmUpThread(): Promise<void> {
  for (const sentence of WARM_UP_SENTENCES) await synthesizeSentence(sentence);
}

const WARM_UP_SENTENCES = [
  "Bonjour, vous avez trois factures en retard, pour un total de mille deux cents euros.",
  "Le devis de la Menuiserie Girard a été accepté hier ; voulez-vous créer la facture ?",
  "Votre chiffre d'affaires du mois dépasse celui de septembre de douze pour cent.",
];

export type TaskName = keyof typeof TASKS;
export type TaskInput<Name extends TaskName> = Parameters<(typeof TASKS)[Name]>[0];
export type TaskOutput<Name extends TaskName> = Awaited<ReturnType<(typeof TASKS)[Name]>>;

/** A task's answer across the thread boundary: an AppError loses its class in a structured clone. */
export type TaskOutcome =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: ErrorCode; message: string; issues?: ErrorIssue[] } };
