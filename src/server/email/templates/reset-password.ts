import { type RenderedEmail, renderEmail } from "../layout";

/** Sent on "mot de passe oublié": the link is short-lived and works once. */
export function resetPasswordEmail({ name, url }: { name?: string | null; url: string }): RenderedEmail {
  return renderEmail({
    subject: "Réinitialisez votre mot de passe",
    preheader: "Choisissez un nouveau mot de passe pour votre compte Ardoise.",
    heading: "Réinitialisez votre mot de passe",
    name,
    intro: [
      "Vous avez demandé à réinitialiser le mot de passe de votre compte Ardoise. Choisissez-en un nouveau en cliquant sur le bouton ci-dessous.",
    ],
    action: { label: "Choisir un nouveau mot de passe", url },
    outro: [
      "Ce lien est valable 1 heure et ne peut servir qu'une seule fois. Une fois le mot de passe changé, toutes vos sessions ouvertes sont fermées.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe actuel reste inchangé.",
    ],
    reason:
      "Vous recevez cet e-mail car une réinitialisation du mot de passe a été demandée pour votre compte Ardoise.",
  });
}
