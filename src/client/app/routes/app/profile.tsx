import { EmailFormCard } from "@client/features/account/components/email-form";
import { PasswordFormCard } from "@client/features/account/components/password-form";
import { ProfileFormCard } from "@client/features/account/components/profile-form";
import { SessionsCard } from "@client/features/account/components/sessions-card";
import { profileQuery } from "@client/lib/session";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { useQuery } from "@tanstack/react-query";

/** Profil: who you are in Ardoise, and the account itself (e-mail, password, sessions). */
export function Component() {
  useDocumentTitle("Profil");
  const { data: profile } = useQuery(profileQuery);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Profil</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Vos informations personnelles et la sécurité de votre compte.
        </p>
      </div>
      {profile ? (
        <>
          <ProfileFormCard profile={profile} />
          <EmailFormCard currentEmail={profile.email} />
          <PasswordFormCard />
          <SessionsCard />
        </>
      ) : null}
    </div>
  );
}
