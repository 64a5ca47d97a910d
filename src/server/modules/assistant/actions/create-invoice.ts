import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createInvoiceInput } from "@shared/schemas/invoices";
import { z } from "zod";
import { createInvoiceDraft } from "../../invoices/invoices.service";
import { day, defineAction } from "./common";
import {
  AMOUNT_MISSING,
  askNewClientKind,
  documentDetails,
  documentFields,
  hasAmount,
  lineInputs,
  periodText,
  prepareDocument,
  regimeVatRateBp,
  totalHtCents,
} from "./document-lines";
import { clientForRun } from "./resolve";

export const createInvoice = defineAction({
  input: z
    .object({
      ...documentFields,
      dueDate: day.optional().describe("Échéance voulue (AAAA-MM-JJ) ; sinon les conditions de paiement"),
      serviceDate: day.optional().describe("Date de la prestation, ou son premier jour (AAAA-MM-JJ)"),
      serviceEndDate: day.optional().describe("Dernier jour de la prestation (AAAA-MM-JJ)"),
    })
    .refine(hasAmount, AMOUNT_MISSING),
  tool: "Crée un brouillon de facture pour un client (jamais émise ni envoyée), avec ses lignes.",
  consent: "unless-agent-mode",
  failure: "Erreur lors de la création de la facture",
  prepare: prepareDocument,
  ask: askNewClientKind,
  describe: (input) => ({
    summary: `Créer un brouillon de facture pour ${input.client} de ${formatMoney(totalHtCents(input))} HT`,
    details: [
      ...documentDetails(input),
      ...(input.serviceDate
        ? [{ label: "Prestation réalisée", value: periodText(input.serviceDate, input.serviceEndDate) }]
        : []),
      ...(input.dueDate ? [{ label: "Échéance", value: formatDate(input.dueDate) }] : []),
    ],
  }),
  run: async ({ db, userId, now }, input) => {
    const client = await clientForRun(db, userId, input);
    const invoice = await createInvoiceDraft(db, {
      userId,
      now,
      input: createInvoiceInput.parse({
        clientId: client.id,
        clientName: client.name,
        projectId: input.projectId,
        serviceDate: input.serviceDate,
        serviceEndDate: input.serviceEndDate,
        dueDate: input.dueDate,
        lines: lineInputs(input, await regimeVatRateBp(db, userId)),
      }),
    });
    return {
      success: true,
      message: `Brouillon de facture créé pour ${client.name} (${formatMoney(invoice.totalCents)} TTC).`,
      data: { id: invoice.id, label: `Facture ${client.name}`, link: paths.app.invoices.detail(invoice.id) },
    };
  },
});
