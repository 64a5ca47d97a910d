import { formatDate, formatMoney } from "@shared/format";
import { type RenderedEmail, renderEmail } from "../layout";

type Reminder = {
  clientName: string;
  sellerName: string;
  invoiceNumber: string;
  dueDate: string;
  remainingCents: number;
  /** 7 or 3 days before the due date, or 0 on the day (or after, when a reminder runs late). */
  daysBeforeDue: number;
  isOverdue: boolean;
  iban: string | null;
};

/** The payment reminder a freelancer's client receives (ai-assistant.txt §9: J-7, J-3, due date). */
export function invoiceReminderEmail(reminder: Reminder): RenderedEmail {
  const amount = formatMoney(reminder.remainingCents);
  const due = formatDate(reminder.dueDate);
  const lead = reminder.isOverdue
    ? `La facture ${reminder.invoiceNumber} de ${reminder.sellerName}, d'un montant restant de ${amount}, était payable au ${due}. Sauf erreur de notre part, son règlement ne nous est pas encore parvenu.`
    : reminder.daysBeforeDue === 0
      ? `La facture ${reminder.invoiceNumber} de ${reminder.sellerName}, d'un montant de ${amount}, arrive à échéance aujourd'hui (${due}).`
      : `La facture ${reminder.invoiceNumber} de ${reminder.sellerName}, d'un montant de ${amount}, arrive à échéance le ${due}, dans ${reminder.daysBeforeDue} jours.`;
  return renderEmail({
    subject: reminder.isOverdue
      ? `Relance : facture ${reminder.invoiceNumber} échue`
      : `Rappel : facture ${reminder.invoiceNumber} à régler avant le ${due}`,
    preheader: `${reminder.invoiceNumber} · ${amount} · échéance ${due}`,
    heading: reminder.isOverdue ? "Facture échue" : "Rappel d'échéance",
    name: reminder.clientName,
    intro: [
      lead,
      reminder.iban
        ? `Règlement par virement : IBAN ${reminder.iban}.`
        : "Merci de procéder au règlement selon les conditions indiquées sur la facture.",
    ],
    outro: [
      "Si le paiement a déjà été effectué, merci de ne pas tenir compte de ce message.",
      reminder.isOverdue
        ? "Conformément à la loi, des pénalités de retard et une indemnité forfaitaire de 40 € pour frais de recouvrement peuvent s'appliquer entre professionnels."
        : "",
    ].filter(Boolean),
    reason: `Vous recevez cet e-mail de la part de ${reminder.sellerName}, qui gère sa facturation avec Ardoise.`,
  });
}
