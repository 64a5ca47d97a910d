import { parisToday } from "@shared/domain/dates";
import { amountDueCents } from "@shared/domain/totals";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { paymentMethodLabels, recordPaymentInput } from "@shared/schemas/invoices";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { invoices } from "../../../db/schema/index";
import { withTenant } from "../../../db/tenant";
import { AppError } from "../../../errors";
import { recordPayment as insertPayment } from "../../invoices/invoices.service";
import { day, defineAction, euros, invoiceNumber, toCents } from "./common";

const methods = Object.keys(paymentMethodLabels) as [keyof typeof paymentMethodLabels];

/** The user's issued invoice of that number and what is still due on it; anyone else's reads as unknown. */
export async function payableInvoice(db: Db, userId: string, number: string) {
  const [invoice] = await withTenant(db, userId, (tx) =>
    tx
      .select({
        id: invoices.id,
        kind: invoices.kind,
        status: invoices.status,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
        depositsCents: invoices.depositsCents,
        creditedCents: invoices.creditedCents,
      })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.invoiceNumber, number))),
  );
  if (invoice?.kind !== "facture")
    return { question: `Je ne trouve pas la facture ${number} parmi les vôtres.` };
  if (invoice.status === "payée") return { question: `La facture ${number} est déjà réglée.` };
  if (invoice.status !== "en-attente" && invoice.status !== "en-retard")
    return { question: `La facture ${number} n'est pas émise : elle ne peut pas recevoir de paiement.` };
  return { invoice: { id: invoice.id, remainingCents: amountDueCents(invoice) } };
}

/**
 * "La facture INV-2026-0042 a été payée hier par virement". A payment is a money fact the user vouches for:
 * it is always proposed, even in agent mode, and recorded only once confirmed.
 */
export const recordPayment = defineAction({
  input: z.object({
    invoiceNumber,
    amount: euros.optional().describe("Montant reçu en euros ; par défaut le reste à payer"),
    date: day.optional().describe("Date du paiement (AAAA-MM-JJ), aujourd'hui par défaut"),
    method: z
      .enum(methods, { error: "Moyen de paiement inconnu." })
      .optional()
      .describe("Moyen de paiement, virement par défaut"),
  }),
  tool: "Enregistre un paiement reçu pour une facture émise, désignée par son numéro (toujours à confirmer).",
  consent: { always: ["moves-money"] },
  failure: "Erreur lors de l'enregistrement du paiement",
  prepare: async ({ db, userId, now }, input) => {
    const found = await payableInvoice(db, userId, input.invoiceNumber);
    if (!found.invoice) return { question: found.question };
    const amountCents = input.amount === undefined ? found.invoice.remainingCents : toCents(input.amount);
    if (amountCents > found.invoice.remainingCents)
      return {
        question: `Le paiement dépasse le reste à payer de la facture ${input.invoiceNumber} (${formatMoney(found.invoice.remainingCents)}).`,
      };
    return {
      input: {
        ...input,
        amount: amountCents / 100,
        date: input.date ?? parisToday(now),
        method: input.method ?? "virement",
      },
    };
  },
  describe: (input) => ({
    summary: `Enregistrer le paiement de ${formatMoney(toCents(input.amount ?? 0))} de la facture ${input.invoiceNumber}`,
    details: [
      { label: "Facture", value: input.invoiceNumber },
      { label: "Montant reçu", value: formatMoney(toCents(input.amount ?? 0)) },
      ...(input.date ? [{ label: "Date", value: formatDate(input.date) }] : []),
      ...(input.method ? [{ label: "Moyen", value: paymentMethodLabels[input.method] }] : []),
    ],
  }),
  run: async ({ db, userId, now }, input) => {
    const found = await payableInvoice(db, userId, input.invoiceNumber);
    if (!found.invoice) throw new AppError("conflict", found.question);
    const amountCents = input.amount === undefined ? found.invoice.remainingCents : toCents(input.amount);
    const invoice = await insertPayment(db, {
      userId,
      id: found.invoice.id,
      now,
      input: recordPaymentInput.parse({ amountCents, paidOn: input.date, method: input.method }),
    });
    const left = amountDueCents(invoice);
    return {
      success: true,
      message: `Paiement de ${formatMoney(amountCents)} enregistré pour la facture ${input.invoiceNumber} : ${left > 0 ? `reste ${formatMoney(left)} à payer` : "facture réglée"}.`,
      data: {
        id: invoice.id,
        label: `Facture ${input.invoiceNumber}`,
        link: paths.app.invoices.detail(invoice.id),
      },
    };
  },
});
