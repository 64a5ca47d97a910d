import { AuthCard } from "@client/components/auth-card";
import { buttonStyles } from "@client/components/ui/button-styles";
import { apiFetch } from "@client/lib/api-client";
import { PAYMENT_COMPLETED_KEY } from "@client/lib/payment";
import { hasPaidProfile, profileQuery } from "@client/lib/session";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";

// Spec §9: redirect 2 s after a confirmed payment, 1.5 s when the flag was already set on load.
const REDIRECT_MS = 2000;
const REDIRECT_ALREADY_SET_MS = 1500;

type State = "confirming" | "paid" | "pending" | "failed";

/** Return page of the checkout: the server confirms the session itself, then the app opens. */
export function Component() {
  useDocumentTitle("Paiement confirmé");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>("confirming");
  const sessionId = params.get("session_id");

  useEffect(() => {
    const wasAlreadySet = localStorage.getItem(PAYMENT_COMPLETED_KEY) === "true";
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Without a session id (a bookmark, another browser), the profile says whether the account has paid.
    const confirm = sessionId
      ? apiFetch<{ hasPaid: boolean }>("/api/payments/confirm", { method: "POST", body: { sessionId } })
      : queryClient
          .fetchQuery({ ...profileQuery, staleTime: 0 })
          .then((profile) => ({ hasPaid: wasAlreadySet || hasPaidProfile(profile) }));
    confirm
      .then(({ hasPaid }) => {
        if (!hasPaid) {
          setState("pending");
          return;
        }
        localStorage.setItem(PAYMENT_COMPLETED_KEY, "true");
        queryClient.removeQueries({ queryKey: profileQuery.queryKey, exact: true });
        setState("paid");
        toast.success("Paiement confirmé!");
        timer = setTimeout(
          () => navigate(paths.app.root, { replace: true }),
          wasAlreadySet ? REDIRECT_ALREADY_SET_MS : REDIRECT_MS,
        );
      })
      .catch((error: Error) => {
        setState("failed");
        toast.error("Erreur de paiement", { description: error.message });
      });
    return () => clearTimeout(timer);
  }, [sessionId, navigate, queryClient]);

  if (state === "confirming") {
    return (
      <AuthCard title="Confirmation du paiement…">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Nous vérifions votre paiement
          auprès de Stripe.
        </p>
      </AuthCard>
    );
  }
  if (state === "paid") {
    return (
      <AuthCard title="Paiement confirmé!">
        <p className="flex items-center gap-2 text-sm text-foreground">
          <CircleCheck className="size-5 text-emerald-600" aria-hidden="true" /> Merci ! Votre accès est
          ouvert, redirection vers l'application…
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={state === "pending" ? "Paiement en cours de validation" : "Paiement non confirmé"}
      description={
        state === "pending"
          ? "Votre banque n'a pas encore confirmé le paiement. Cela prend en général quelques instants : votre accès s'ouvrira automatiquement."
          : "Nous n'avons pas pu confirmer ce paiement. Si votre compte a été débité, rien n'est perdu : votre accès s'ouvrira dès que le paiement sera confirmé."
      }
    >
      <Link to={paths.app.root} className={buttonStyles({ size: "lg", className: "w-full" })}>
        Retour à l'application
      </Link>
    </AuthCard>
  );
}
