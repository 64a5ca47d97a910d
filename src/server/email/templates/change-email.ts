import { type RenderedEmail, renderEmail } from "../layout";

/** Sent to the new address when a user changes their sign-in e-mail; nothing changes until it is confirmed. */
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
    subject: "Confirmez votre nouvelle adresse e-mail",
    preheader: "Confirmez le changement d'adresse de votre compte Ardoise.",
    heading: "Confirmez votre nouvelle adresse e-mail",
    name,
    intro: [
      `Vous avez demandé à utiliser l'adresse ${newEmail} pour votre compte Ardoise. Confirmez ce changement pour qu'elle devienne votre adresse de connexion.`,
    ],
    action: { label: "Confirmer ma nouvelle adresse", url },
    outro: [
      "Tant que vous n'avez pas confirmé, votre adresse actuelle reste celle de votre compte.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : rien ne sera modifié.",
    ],
    reason:
      "Vous recevez cet e-mail car cette adresse a été indiquée comme nouvelle adresse d'un compte Ardoise.",
  });
}
