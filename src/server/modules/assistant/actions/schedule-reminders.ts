import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { z } from "zod";
import { scheduleReminders as planReminders } from "../../invoices/invoices.service";
import { defineAction, invoiceNumber } from "./common";
import { payableInvoice } from "./record-payment";

export const scheduleReminders = defineAction({
  input: z.object({ invoiceNumber }),
  tool: "Programme les rappels de paiement (J-7, J-3, jour J) d'une facture émise non réglée.",
  // The reminders are e-mailed to the client, asking for money, without the user looking again.
  consent: { always: ["sends-email", "moves-money"] },
  failure: "Erreur lors de la programmation des rappels",
  // Said before proposing: an unknown, unissued or paid invoice gets no proposal to confirm in vain.
  prepare: async ({ db, userId }, input) => {
    const found = await payableInvoice(db, userId, input.invoiceNumber);
    return found.invoice ? { input } : { question: found.question };
  },
  describe: (input) => ({
    summary: `Programmer les rappels de paiement de la facture ${input.invoiceNumber}`,
    details: [{ label: "Rappels", value: "7 et 3 jours avant l'échéance, puis le jour même" }],
  }),
  run: async ({ db, userId, now }, input) => {
    const { invoice, scheduled } = await planReminders(db, {
      userId,
      invoiceNumber: input.invoiceNumber,
      now,
    });
    const label = invoice.invoiceNumber ?? "";
    const plural = scheduled.length > 1 ? "s" : "";
    return {
      success: true,
      message: scheduled.length
        ? `${scheduled.length} rappel${plural} programmé${plural} pour la facture ${label} : ${scheduled.map(formatDate).join(", ")}.`
        : `Les rappels de la facture ${label} sont déjà programmés, ou son échéance est passée.`,
      data: { id: invoice.id, label: `Facture ${label}`, link: paths.app.invoices.detail(invoice.id) },
    };
  },
});
