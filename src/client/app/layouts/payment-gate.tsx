import { buttonStyles } from "@client/components/ui/button-styles";
import { publicConfigQuery } from "@client/features/auth/api/auth-api";
import { startRegistrationPayment } from "@client/lib/payment";
import { isSessionRejected, sessionQuery, useSignOut } from "@client/lib/session";
import { formatMoney } from "@shared/format";
import { registrationOffer } from "@shared/offer";
import { paths } from "@shared/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, LoaderCircle, LogOut, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";

const GATE_ERROR = "Une erreur est survenue lors de la création du paiement. Veuillez réessayer.";

/** Where the card is typed: said as it is, since without Stripe keys the local test checkout opens. */
const CHECKOUT_NOTICES = {
  stripe: "Paiement par carte sur la page sécurisée de Stripe, dans un nouvel onglet.",
  local: "Mode local : le paiement de test s'ouvre dans un nouvel onglet, aucune carte n'est débitée.",
  disabled: "Le paiement en ligne n'est pas configuré sur ce serveur.",
} as const;

/** Spec §2: the payment gate of a signed-in user who has not paid the 59 € registration yet. */
export function PaymentGate({ autoStart }: { autoStart?: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [isRedirecting, setIsRedirecting] = useState(Boolean(autoStart));
  const [error, setError] = useState<string | null>(null);
  const paymentMode = useQuery(publicConfigQuery).data?.payments.mode;

  const onPay = async () => {
    setError(null);
    setIsRedirecting(true);
    try {
      await startRegistrationPayment(queryClient);
    } catch (failure) {
      // An expired session cannot pay: forgetting it lets the access guard send the user to sign in
      // (« Session expirée ») rather than leave them on the gate with an error they cannot act on.
      if (isSessionRejected(failure)) queryClient.setQueryData(sessionQuery.queryKey, null);
      else setError(GATE_ERROR);
    } finally {
      setIsRedirecting(false);
    }
  };

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success("Déconnexion réussie");
        navigate(paths.auth.signIn, { replace: true });
      },
      onError: () => toast.error("Échec de déconnexion"),
    });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <section
        className="w-full max-w-lg rounded-2xl border bg-surface p-6 shadow-sm sm:p-8"
        aria-labelledby="gate-title"
      >
        <h1 id="gate-title" className="text-2xl font-semibold tracking-tight">
          Finaliser votre inscription
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Votre compte est prêt. Il ne reste qu'à régler l'inscription pour ouvrir l'application.
        </p>
        <div className="mt-6 flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight">
            {formatMoney(registrationOffer.priceCents, { dropZeroCents: true })}
          </span>
          <span className="text-sm text-muted-foreground">
            {registrationOffer.taxLabel}, {registrationOffer.billingLabel.toLowerCase()}
          </span>
        </div>
        <ul className="mt-6 space-y-2.5">
          {registrationOffer.inclusions.map((inclusion) => (
            <li key={inclusion.label} className="flex gap-2.5 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{inclusion.label}</span>
            </li>
          ))}
        </ul>
        {error ? (
          <p
            role="alert"
            className="mt-6 rounded-lg border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {error}
          </p>
        ) : null}
        <button
          type="button"
          onClick={onPay}
          disabled={isRedirecting}
          className={buttonStyles({ size: "lg", className: "mt-6 w-full" })}
        >
          {isRedirecting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {isRedirecting
            ? "Redirection…"
            : `Payer ${formatMoney(registrationOffer.priceCents, { dropZeroCents: true })} et accéder à l'application`}
        </button>
        <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {paymentMode ? CHECKOUT_NOTICES[paymentMode] : CHECKOUT_NOTICES.stripe}
        </p>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signOut.isPending}
          className={buttonStyles({ variant: "ghost", className: "mt-4 w-full" })}
        >
          <LogOut aria-hidden="true" />
          Se déconnecter
        </button>
      </section>
    </main>
  );
}
