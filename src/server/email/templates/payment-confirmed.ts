import { formatMoney } from "@shared/format";
import { registrationOffer } from "@shared/offer";
import { paths } from "@shared/paths";
import { type RenderedEmail, renderEmail } from "../layout";

/** Receipt of the one-time registration payment, sent once the verified payment event opened the access. */
export function paymentConfirmedEmail({
  name,
  appUrl,
  amountCents,
}: {
  name?: string | null;
  /** The public base URL (env.appUrl); the button opens the working area under it. */
  appUrl: string;
  amountCents: number;
}): RenderedEmail {
  const amount = `${formatMoney(amountCents)} ${registrationOffer.taxLabel}`;
  return renderEmail({
    subject: "Paiement confirmé : votre accès Ardoise est ouvert",
    preheader: `Paiement unique de ${amount} reçu. Bienvenue dans Ardoise !`,
    heading: "Merci, votre paiement est confirmé",
    name,
    intro: [
      "Nous avons bien reçu votre paiement. Votre accès complet à Ardoise est ouvert dès maintenant : clients, devis, factures, contrats, dépenses et assistant IA.",
    ],
    details: [
      { label: "Offre", value: registrationOffer.label },
      { label: "Montant", value: `Paiement unique de ${amount}` },
    ],
    action: { label: "Accéder à mon espace", url: `${appUrl.replace(/\/+$/, "")}${paths.app.root}` },
    outro: [
      "Il s'agit d'un paiement unique, sans abonnement : aucun autre prélèvement ne sera effectué.",
      "Votre facture est disponible dans Paramètres, rubrique « Facture d'inscription », à télécharger en PDF.",
    ],
    reason: "Vous recevez cet e-mail car vous avez réglé votre inscription à Ardoise.",
  });
}
