import { AuthCard } from "@client/components/auth-card";
import { buttonStyles } from "@client/components/ui/button-styles";
import { GoogleButton } from "@client/features/auth/components/google-button";
import { RegisterForm } from "@client/features/auth/components/register-form";
import { AUTO_CHECKOUT_FLAG } from "@client/lib/payment";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";

export function Component() {
  useDocumentTitle("Créer mon compte");
  const [params] = useSearchParams();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  // Arriving from the pricing page's offer: payment starts as soon as the account can pay (spec §4 step 5).
  useEffect(() => {
    if (params.get("offre")) sessionStorage.setItem(AUTO_CHECKOUT_FLAG, "true");
  }, [params]);

  if (registeredEmail) {
    return (
      <AuthCard title="Vérifiez votre email">
        <div className="space-y-4 text-sm text-foreground">
          <div className="flex gap-3 rounded-xl bg-accent p-4 text-accent-foreground">
            <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>
              Un lien de confirmation vient d'être envoyé à <strong>{registeredEmail}</strong>. Ouvrez-le pour
              activer votre compte : vous serez connecté automatiquement.
            </p>
          </div>
          <p className="text-muted-foreground">
            Rien reçu ? Regardez dans les courriers indésirables, ou reconnectez-vous : un nouveau lien
            partira.
          </p>
          <Link
            to={paths.auth.signIn}
            className={buttonStyles({ variant: "secondary", className: "w-full" })}
          >
            Aller à la connexion
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Créer mon compte"
      description="Quelques secondes pour commencer. L'accès complet coûte 59 € TTC, une seule fois."
      footer={
        <>
          Déjà inscrit ?{" "}
          <Link to={paths.auth.signIn} className="font-medium text-primary hover:underline">
            Se connecter
          </Link>
        </>
      }
    >
      <RegisterForm onRegistered={setRegisteredEmail} />
      <GoogleButton />
    </AuthCard>
  );
}
