import { AppError } from "../errors";
import type { TaskName } from "./tasks";

const SUPPLIER_INVOICE_SECONDS = 5;
const PDF_SECONDS = 20;

/** Our own documents: past the budget something is wrong on our side, and the user may try again. */
const pdfBudget = {
  timeoutMs: PDF_SECONDS * 1000,
  overBudget: (what: string) =>
    new AppError(
      "unavailable",
      `La création du PDF a demandé ${what} : réessayez dans un instant ; si cela se répète, contactez le support.`,
      undefined,
      { retryAfterSeconds: 10 },
    ),
};

/**
 * Each task's time budget and what the user is told when a file goes past it (time or memory): the worker
 * running it is stopped, the server goes on. A real e-invoice reads in well under a tenth of the budget.
 */
export const TASK_BUDGETS: Record<TaskName, { timeoutMs: number; overBudget: (what: string) => AppError }> = {
  // A 10 MB body parses in about a tenth of a second; past the budget the body is not an ordinary form.
  parseMultipartUpload: {
    timeoutMs: SUPPLIER_INVOICE_SECONDS * 1000,
    overBudget: (what) =>
      new AppError("bad_request", `Cet envoi demande ${what} pour être reçu : envoyez le fichier seul.`),
  },
  readSupplierInvoice: {
    timeoutMs: SUPPLIER_INVOICE_SECONDS * 1000,
    overBudget: (what) =>
      new AppError(
        "bad_request",
        `Ce fichier demande ${what} pour être lu (limite : ${SUPPLIER_INVOICE_SECONDS} secondes) : ce n'est pas une facture électronique ordinaire.`,
      ),
  },
  renderCommercialDocumentPdf: pdfBudget,
  renderContractPdf: pdfBudget,
  renderBookPdf: pdfBudget,
  renderAcceptanceCertificatePdf: pdfBudget,
  // A sentence of speech takes a few tens of milliseconds; the pipeline tells the user when speech fails.
  synthesizeSpeech: {
    timeoutMs: 10_000,
    overBudget: (what) => new AppError("unavailable", `La synthèse vocale a demandé ${what}.`),
  },
};
