import { AuthCard } from "@client/components/auth-card";
import { buttonStyles } from "@client/components/ui/button-styles";
import { NewPasswordForm } from "@client/features/auth/components/new-password-form";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { Link, useNavigate, useSearchParams } from "react-router";

/** The PASSWORD_RECOVERY state: the reset link brought a single-use token. */
export function Component() {
  useDocumentTitle("Nouveau mot de passe");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");

  if (!token || params.get("error")) {
    return (
      <AuthCard
        title="Lien invalide ou expiré"
        description="Ce lien de réinitialisation a déjà servi ou a expiré (il est valable une heure). Demandez-en un nouveau."
      >
        <Link
          to={`${paths.auth.signIn}?mode=reset`}
          className={buttonStyles({ size: "lg", className: "w-full" })}
        >
          Demander un nouveau lien
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choisissez un nouveau mot de passe"
      description="Toutes vos sessions ouvertes seront fermées : reconnectez-vous ensuite avec ce mot de passe."
    >
      <NewPasswordForm token={token} onDone={() => navigate(paths.auth.signIn, { replace: true })} />
    </AuthCard>
  );
}
