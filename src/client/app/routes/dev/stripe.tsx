import { AuthCard } from "@client/components/auth-card";
import { buttonStyles } from "@client/components/ui/button-styles";
import { localSessionQuery } from "@client/features/local-checkout/api/local-checkout-api";
import { CardForm } from "@client/features/local-checkout/components/card-form";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatMoney } from "@shared/format";
import { registrationOffer } from "@shared/offer";
import { paths } from "@shared/paths";
import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";

/** The local test checkout: what Stripe Checkout would show, without a bank (never in production). */
export function Component() {
  useDocumentTitle("Paiement de test");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get("session") ?? "";
  const session = useQuery({ ...localSessionQuery(sessionId), enabled: Boolean(sessionId) });

  const banner = (
    <p className="mb-5 flex gap-2 rounded-lg bg-amber-100 px-3 py-2 text-xs text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      Paiement de test local : aucune carte réelle n'est débitée. Configurez Stripe pour les vrais paiements.
    </p>
  );

  if (!sessionId || session.isError) {
    return (
      <AuthCard
        title="Session de paiement introuvable"
        description="Ce lien de paiement n'existe pas ou ne vous appartient pas. Relancez le paiement depuis l'application."
      >
        <Link to={paths.app.root} className={buttonStyles({ size: "lg", className: "w-full" })}>
          Retour à l'application
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={registrationOffer.label}
      description={
        <span className="text-2xl font-semibold text-foreground">
          {session.data ? formatMoney(session.data.amountCents) : "…"}{" "}
          <span className="text-sm font-normal text-muted-foreground">paiement unique</span>
        </span>
      }
      footer="Ardoise · Paiement sécurisé de test"
    >
      {banner}
      {session.data?.status === "paid" ? (
        <Link
          to={`${paths.payment.success}?session_id=${encodeURIComponent(sessionId)}`}
          className={buttonStyles({ size: "lg", className: "w-full" })}
        >
          Déjà payé : continuer
        </Link>
      ) : session.data ? (
        <>
          <CardForm
            sessionId={sessionId}
            amountCents={session.data.amountCents}
            email={session.data.email}
            onPaid={(url) => navigate(url)}
          />
          {/* Stripe Checkout's back link: the session's cancel_url. */}
          <Link
            to={paths.payment.canceled}
            className={buttonStyles({ variant: "ghost", className: "mt-3 w-full" })}
          >
            Annuler
          </Link>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Chargement...</p>
      )}
    </AuthCard>
  );
}
