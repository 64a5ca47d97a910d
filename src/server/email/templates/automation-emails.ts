import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type RenderedEmail, renderEmail } from "../layout";

// The e-mails the automation rules send. The two reminders go to the freelancer; the welcome and the
// thank-you go to their client, signed with the freelancer's name (the client never heard of Ardoise).

const appLink = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, "")}${path}`;

const ruleReason = (rule: string) =>
  `Vous recevez cet e-mail car vous avez créé l'automatisation « ${rule} » dans Ardoise. Mettez-la en pause depuis la page Automatisations pour ne plus le recevoir.`;

const inDays = (days: number) => (days === 0 ? "aujourd'hui" : days === 1 ? "demain" : `dans ${days} jours`);

/** To the freelancer: a sent quote reaches the end of its validity soon. */
export function quoteExpiringEmail(quote: {
  name: string | null;
  appUrl: string;
  rule: string;
  quoteId: string;
  quoteNumber: string;
  clientName: string;
  totalCents: number;
  validUntil: string;
  daysLeft: number;
}): RenderedEmail {
  const when = inDays(quote.daysLeft);
  return renderEmail({
    subject: `Le devis ${quote.quoteNumber} pour ${quote.clientName} expire ${when}`,
    preheader: `Valable jusqu'au ${formatDate(quote.validUntil)} : relancez ${quote.clientName} avant.`,
    heading: "Un devis arrive à expiration",
    name: quote.name,
    intro: [
      `Votre devis ${quote.quoteNumber} pour ${quote.clientName} n'a pas encore de réponse et expire ${when}.`,
      "C'est le bon moment pour relancer votre client ou prolonger sa validité.",
    ],
    details: [
      { label: "Devis", value: quote.quoteNumber },
      { label: "Client", value: quote.clientName },
      { label: "Montant TTC", value: formatMoney(quote.totalCents) },
      { label: "Valable jusqu'au", value: formatDate(quote.validUntil) },
    ],
    action: { label: "Ouvrir le devis", url: appLink(quote.appUrl, paths.app.quotes.detail(quote.quoteId)) },
    reason: ruleReason(quote.rule),
  });
}

/** To the freelancer: an unfinished task is due soon. */
export function taskDueEmail(task: {
  name: string | null;
  appUrl: string;
  rule: string;
  projectId: string;
  title: string;
  projectName: string;
  dueDate: string;
  daysLeft: number;
}): RenderedEmail {
  const when = inDays(task.daysLeft);
  return renderEmail({
    subject: `Tâche à rendre ${when} : ${task.title}`,
    preheader: `${task.projectName} · échéance le ${formatDate(task.dueDate)}`,
    heading: "Une tâche arrive à échéance",
    name: task.name,
    intro: [`La tâche « ${task.title} » du projet ${task.projectName} est à rendre ${when}.`],
    details: [
      { label: "Tâche", value: task.title },
      { label: "Projet", value: task.projectName },
      { label: "Échéance", value: formatDate(task.dueDate) },
    ],
    action: {
      label: "Ouvrir le projet",
      url: appLink(task.appUrl, paths.app.projects.detail(task.projectId)),
    },
    reason: ruleReason(task.rule),
  });
}

/** To a new client of the freelancer. */
export function clientWelcomeEmail(welcome: {
  recipientName: string | null;
  sellerName: string;
  sellerEmail: string | null;
}): RenderedEmail {
  return renderEmail({
    subject: `Bienvenue chez ${welcome.sellerName}`,
    preheader: `${welcome.sellerName} est ravi de travailler avec vous.`,
    heading: "Bienvenue !",
    name: welcome.recipientName,
    intro: [
      `Merci de votre confiance : ${welcome.sellerName} est ravi de travailler avec vous.`,
      "Vous recevrez par e-mail les devis et les factures de nos échanges.",
      welcome.sellerEmail
        ? `Pour toute question, écrivez à ${welcome.sellerEmail}.`
        : "Pour toute question, répondez simplement à votre interlocuteur habituel.",
    ],
    outro: [`À très bientôt,`, welcome.sellerName],
    reason: `Vous recevez cet e-mail car ${welcome.sellerName} vient de vous ajouter à ses clients.`,
  });
}

/** To the client whose invoice is now fully paid. */
export function invoiceThanksEmail(thanks: {
  recipientName: string | null;
  sellerName: string;
  invoiceNumber: string;
  totalCents: number;
}): RenderedEmail {
  return renderEmail({
    subject: `Merci pour votre règlement — facture ${thanks.invoiceNumber}`,
    preheader: `Votre paiement de ${formatMoney(thanks.totalCents)} a bien été reçu.`,
    heading: "Merci pour votre règlement",
    name: thanks.recipientName,
    intro: [
      `Nous avons bien reçu le règlement de la facture ${thanks.invoiceNumber}, d'un montant de ${formatMoney(thanks.totalCents)} TTC : elle est soldée.`,
      "Merci pour votre confiance, et au plaisir de travailler à nouveau ensemble.",
    ],
    outro: [thanks.sellerName],
    reason: `Vous recevez cet e-mail de la part de ${thanks.sellerName}, qui gère sa facturation avec Ardoise.`,
  });
}
