import { AuthCard } from "@client/components/auth-card";
import { buttonStyles } from "@client/components/ui/button-styles";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { Link } from "react-router";

export function Component() {
  useDocumentTitle("Paiement annulé");
  return (
    <AuthCard
      title="Paiement annulé"
      description="Aucun montant n'a été débité. Vous pouvez reprendre l'inscription quand vous le souhaitez : votre compte vous attend."
    >
      <Link to={paths.app.root} className={buttonStyles({ size: "lg", className: "w-full" })}>
        Reprendre l'inscription
      </Link>
      <Link to={paths.pricing} className={buttonStyles({ variant: "ghost", className: "mt-3 w-full" })}>
        Revoir l'offre
      </Link>
    </AuthCard>
  );
}
