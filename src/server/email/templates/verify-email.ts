import { type RenderedEmail, renderEmail } from "../layout";

/** Sent after sign-up (and again on an unverified sign-in): the link activates the account. */
export function verifyEmailEmail({ name, url }: { name?: string | null; url: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirmez votre adresse e-mail",
    preheader: "Un clic pour activer votre compte Ardoise.",
    heading: "Confirmez votre adresse e-mail",
    name,
    intro: [
      "Bienvenue sur Ardoise ! Pour activer votre compte, il ne reste qu'à confirmer votre adresse e-mail.",
    ],
    action: { label: "Confirmer mon adresse e-mail", url },
    outro: [
      "Ce lien est valable 24 heures.",
      "Si vous n'avez pas créé de compte Ardoise, ignorez simplement cet e-mail : aucun compte ne sera activé.",
    ],
    reason: "Vous recevez cet e-mail car cette adresse a été utilisée pour créer un compte Ardoise.",
  });
}
