import { type RenderedEmail, renderEmail } from "../layout";

/**
 * First step of an e-mail change, sent to the CURRENT address: its owner approves the change, then the new
 * address receives its own confirmation link (better-auth's two-step flow). Nothing changes before both.
 */
export function changeEmailEmail({
  name,
  newEmail,
  url,
}: {
  name?: string | null;
  newEmail: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Confirmez le changement d'adresse e-mail",
    preheader: "Validez le changement d'adresse de votre compte Ardoise.",
    heading: "Changement d'adresse e-mail",
    name,
    intro: [
      `Vous avez demandé à remplacer l'adresse de votre compte Ardoise par ${newEmail}. Validez ce changement : nous enverrons ensuite un lien de confirmation à la nouvelle adresse.`,
    ],
    action: { label: "Valider le changement", url },
    outro: [
      "Tant que la nouvelle adresse n'est pas confirmée, votre adresse actuelle reste celle de votre compte.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail et changez votre mot de passe : rien ne sera modifié.",
    ],
    reason: "Vous recevez cet e-mail car un changement d'adresse a été demandé pour votre compte Ardoise.",
  });
}
