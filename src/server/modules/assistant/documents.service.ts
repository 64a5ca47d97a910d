import { clientKindSaid } from "@shared/domain/client-kind";
import { parisToday } from "@shared/domain/dates";
import { interpretCommand } from "@shared/domain/interpreter/interpret-command";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { GenerateDocumentInput, GeneratedDocument } from "@shared/schemas/assistant";
import { defaultQuoteMessage } from "@shared/schemas/quotes";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { createContract } from "../contracts/contracts.service";
import { getInvoice } from "../invoices/invoices.service";
import { getQuote } from "../quotes/quotes.service";
import { type ActionRequest, resolveClient, runAction } from "./actions";

/**
 * The document generator (spec §2 "Document generation screen"): the prompt is read by the French
 * interpreter, and a real draft is created through the same actions as the chat (quotes and invoices) or
 * the contracts service, so it has a number, a detail page and a PDF at once.
 */
export async function generateDocument(
  db: Db,
  {
    userId,
    input,
    appUrl,
    now = new Date(),
  }: { userId: string; input: GenerateDocumentInput; appUrl: string; now?: Date },
): Promise<GeneratedDocument> {
  const { entities } = interpretCommand(input.prompt, now);
  if (!entities.client)
    throw new AppError(
      "validation_failed",
      "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?",
      [{ path: "prompt", message: "Nommez le client, par exemple « pour Dupont »." }],
    );
  const description = entities.title ?? entities.description ?? "Prestation";
  if (input.kind === "contract")
    return generateContract(
      db,
      userId,
      {
        client: entities.client,
        description,
        amount: entities.amount,
        start: entities.date,
        end: entities.dueDate,
      },
      now,
    );
  if (entities.amount === undefined)
    throw new AppError(
      "validation_failed",
      "Montant non spécifié : indiquez le montant, par exemple « 1 200 € ».",
      [{ path: "prompt", message: "Indiquez le montant." }],
    );
  // Made at once, without a question: a new client is a consumer only when the prompt says so.
  const clientKind = clientKindSaid(input.prompt, entities.client);
  const document = { client: entities.client, clientKind, amount: entities.amount, description };
  const request: ActionRequest =
    input.kind === "quote"
      ? { type: "create_quote", input: { ...document, validUntil: entities.dueDate } }
      : { type: "create_invoice", input: document };
  const result = await runAction(db, userId, request, { appUrl, now, permission: { by: "user-request" } });
  if (!result.success || !result.data) throw new AppError("validation_failed", result.message);
  return input.kind === "quote"
    ? describeQuote(db, userId, result.data.id, now)
    : describeInvoice(db, userId, result.data.id, now);
}

const linesOf = (
  lines: { description: string; quantity: number; unitPriceCents: number; totalCents: number }[],
) =>
  lines.map(({ description, quantity, unitPriceCents, totalCents }) => ({
    description,
    quantity,
    unitPriceCents,
    totalCents,
  }));

async function describeQuote(db: Db, userId: string, id: string, now: Date): Promise<GeneratedDocument> {
  const quote = await getQuote(db, { userId, id, now });
  return {
    kind: "quote",
    id,
    number: quote.quoteNumber,
    title: `Devis ${quote.quoteNumber ?? ""}`.trim(),
    clientName: quote.clientName,
    totalCents: quote.totalCents,
    lines: linesOf(quote.lines),
    startDate: quote.date,
    endDate: quote.validUntil,
    link: paths.app.quotes.detail(id),
    pdfUrl: `/api/quotes/${id}/pdf`,
    emailMessage: defaultQuoteMessage(
      {
        quoteNumber: quote.quoteNumber ?? "",
        totalCents: quote.totalCents,
        validUntil: quote.validUntil ?? parisToday(now),
      },
      "",
    ),
  };
}

async function describeInvoice(db: Db, userId: string, id: string, now: Date): Promise<GeneratedDocument> {
  const invoice = await getInvoice(db, { userId, id, now });
  return {
    kind: "invoice",
    id,
    number: invoice.invoiceNumber,
    title: "Facture (brouillon)",
    clientName: invoice.clientName,
    totalCents: invoice.totalCents,
    lines: linesOf(invoice.lines),
    startDate: invoice.date,
    endDate: invoice.dueDate,
    link: paths.app.invoices.detail(id),
    pdfUrl: `/api/invoices/${id}/pdf`,
    emailMessage: [
      "Bonjour,",
      `Veuillez trouver ci-joint ma facture d'un montant de ${formatMoney(invoice.totalCents)} TTC.`,
      "Je reste à votre disposition pour toute question.",
      "Cordialement,",
    ].join("\n\n"),
  };
}

async function generateContract(
  db: Db,
  userId: string,
  terms: { client: string; description: string; amount?: number; start?: string; end?: string },
  now: Date,
): Promise<GeneratedDocument> {
  const client = await resolveClient(db, userId, terms.client);
  const startDate = terms.start ?? parisToday(now);
  const amountCents = terms.amount === undefined ? null : Math.round(terms.amount * 100);
  const contract = await createContract(db, {
    userId,
    input: {
      title: `Contrat de prestation — ${terms.description}`,
      clientId: client.id,
      startDate,
      endDate: terms.end && terms.end > startDate ? terms.end : null,
      amountCents,
      content: "",
      templateId: "prestation",
    },
    now,
  });
  return {
    kind: "contract",
    id: contract.id,
    number: contract.contractNumber,
    title: contract.title,
    clientName: client.name,
    totalCents: amountCents ?? 0,
    lines: [],
    startDate: contract.startDate,
    endDate: contract.endDate,
    link: paths.app.contracts.detail(contract.id),
    pdfUrl: `/api/contracts/${contract.id}/pdf`,
    emailMessage: [
      "Bonjour,",
      `Veuillez trouver ci-joint le contrat « ${contract.title} »${contract.startDate ? `, qui prend effet le ${formatDate(contract.startDate)}` : ""}.`,
      "Cordialement,",
    ].join("\n\n"),
  };
}
