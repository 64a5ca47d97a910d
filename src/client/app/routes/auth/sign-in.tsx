import { AuthCard } from "@client/components/auth-card";
import { GoogleButton } from "@client/features/auth/components/google-button";
import { ResetRequestForm } from "@client/features/auth/components/reset-request-form";
import { SignInForm } from "@client/features/auth/components/sign-in-form";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

/** Only our own /app pages are accepted as a destination after sign-in (no open redirect). */
function safeRedirect(target: string | null): string {
  return target?.startsWith(`${paths.app.root}`) && !target.startsWith("//") ? target : paths.app.root;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [resetEmail, setResetEmail] = useState("");
  const isReset = params.get("mode") === "reset";
  useDocumentTitle(isReset ? "Mot de passe oublié" : "Connexion");

  const showReset = (email: string) => {
    setResetEmail(email);
    setParams({ mode: "reset" });
  };

  if (isReset) {
    return (
      <AuthCard
        title="Mot de passe oublié"
        description="Indiquez votre adresse e-mail : nous vous envoyons un lien pour en choisir un nouveau."
      >
        <ResetRequestForm initialEmail={resetEmail} onBack={() => setParams({})} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Connexion"
      description="Retrouvez vos clients, devis et factures."
      footer={
        <>
          Pas encore de compte ?{" "}
          <Link to={paths.auth.register} className="font-medium text-primary hover:underline">
            Créer mon compte
          </Link>
        </>
      }
    >
      <SignInForm
        onSignedIn={() => navigate(safeRedirect(params.get("redirect")), { replace: true })}
        onForgotPassword={showReset}
      />
      <GoogleButton />
    </AuthCard>
  );
}
