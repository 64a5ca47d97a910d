import { parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createQuoteInput } from "@shared/schemas/quotes";
import { z } from "zod";
import { createQuote as createQuoteDraft } from "../../quotes/quotes.service";
import { day, defineAction } from "./common";
import {
  AMOUNT_MISSING,
  askNewClientKind,
  documentDetails,
  documentFields,
  hasAmount,
  lineInputs,
  prepareDocument,
  regimeVatRateBp,
  totalHtCents,
} from "./document-lines";
import { clientForRun } from "./resolve";

export const createQuote = defineAction({
  input: z
    .object({
      ...documentFields,
      validUntil: day.optional().describe("Fin de validité du devis (AAAA-MM-JJ), 30 jours par défaut"),
    })
    .refine(hasAmount, AMOUNT_MISSING),
  tool: "Crée un devis en brouillon pour un client, avec ses lignes, valable 30 jours par défaut.",
  consent: "unless-agent-mode",
  failure: "Erreur lors de la création du devis",
  prepare: prepareDocument,
  ask: askNewClientKind,
  describe: (input) => ({
    summary: `Créer un devis (brouillon) pour ${input.client} de ${formatMoney(totalHtCents(input))} HT`,
    details: [
      ...documentDetails(input),
      ...(input.validUntil ? [{ label: "Valable jusqu'au", value: formatDate(input.validUntil) }] : []),
    ],
  }),
  run: async ({ db, userId, now }, input) => {
    const client = await clientForRun(db, userId, input);
    const quote = await createQuoteDraft(db, {
      userId,
      now,
      input: createQuoteInput.parse({
        clientId: client.id,
        clientName: client.name,
        projectId: input.projectId,
        validUntil: input.validUntil,
        lines: lineInputs(input, await regimeVatRateBp(db, userId)),
      }),
    });
    const number = quote.quoteNumber ? `Devis ${quote.quoteNumber}` : "Devis";
    return {
      success: true,
      message: `${number} créé pour ${client.name} (${formatMoney(quote.totalCents)} TTC), valable jusqu'au ${formatDate(quote.validUntil ?? parisToday(now))}.`,
      data: {
        id: quote.id,
        label: `Devis ${quote.quoteNumber ?? client.name}`,
        link: paths.app.quotes.detail(quote.id),
      },
    };
  },
});
