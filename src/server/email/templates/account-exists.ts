import { type RenderedEmail, renderEmail } from "../layout";

/**
 * Sent instead of a confirmation when someone registers with an address that already has an account.
 * The sign-up answer is then the same whether the account exists or not ("check your inbox"), so the form
 * never reveals who has an account; only the owner of the mailbox learns it.
 */
export function accountExistsEmail({
  name,
  signInUrl,
  resetUrl,
}: {
  name?: string | null;
  signInUrl: string;
  resetUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Vous avez déjà un compte Ardoise",
    preheader: "Inutile de créer un nouveau compte : connectez-vous avec cette adresse.",
    heading: "Vous avez déjà un compte",
    name,
    intro: [
      "Quelqu'un, probablement vous, vient d'essayer de créer un compte Ardoise avec cette adresse e-mail. Un compte existe déjà pour cette adresse : inutile d'en créer un nouveau, vos données vous attendent.",
    ],
    action: { label: "Me connecter", url: signInUrl },
    secondary: {
      lead: "Vous ne vous souvenez plus de votre mot de passe ?",
      label: "Choisir un nouveau mot de passe",
      url: resetUrl,
    },
    outro: [
      "Si vous n'êtes pas à l'origine de cette tentative, ignorez cet e-mail : votre compte n'a pas été modifié.",
    ],
    reason: "Vous recevez cet e-mail car une inscription à Ardoise a été tentée avec cette adresse.",
  });
}
