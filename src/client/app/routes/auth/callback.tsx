import { AuthCard } from "@client/components/auth-card";
import { FullScreenSpinner } from "@client/components/full-screen-spinner";
import { buttonStyles } from "@client/components/ui/button-styles";
import { profileQuery, sessionQuery } from "@client/lib/session";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";

/** Target of the confirmation link: the server has verified the address and opened a session. */
export function Component() {
  useDocumentTitle("Confirmation");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const linkError = params.get("error");
  const [hasNoSession, setHasNoSession] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (linkError) return;
    void queryClient
      .fetchQuery({ ...sessionQuery, staleTime: 0 })
      .then((session) => {
        if (!session?.user) {
          setHasNoSession(true);
          return;
        }
        toast.success("Connexion réussie", { description: "Votre adresse e-mail est confirmée." });
        setTimeout(() => void queryClient.fetchQuery(profileQuery).catch(() => {}), 100);
        navigate(paths.app.root, { replace: true });
      })
      .catch((error: unknown) => {
        // The server did not answer (offline, 5xx): say so instead of spinning for ever.
        setFailure(error instanceof Error && error.message ? error.message : "Le serveur ne répond pas.");
      });
  }, [linkError, navigate, queryClient]);

  if (failure) {
    return (
      <AuthCard title="Votre session n'a pas pu être vérifiée" description={failure}>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonStyles({ size: "lg", className: "w-full" })}
        >
          Réessayer
        </button>
      </AuthCard>
    );
  }

  if (linkError || hasNoSession) {
    return (
      <AuthCard
        title="Lien invalide ou expiré"
        description="Ce lien de confirmation a déjà servi ou n'est plus valable. Connectez-vous : si votre adresse n'est pas encore confirmée, un nouveau lien vous sera envoyé."
      >
        <Link to={paths.auth.signIn} className={buttonStyles({ size: "lg", className: "w-full" })}>
          Se connecter
        </Link>
      </AuthCard>
    );
  }
  return <FullScreenSpinner label="Initialisation de votre session..." />;
}
