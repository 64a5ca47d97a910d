import { FullScreenSpinner } from "@client/components/full-screen-spinner";
import { buttonStyles } from "@client/components/ui/button-styles";
import {
  AUTO_CHECKOUT_FLAG,
  PAYMENT_COMPLETED_KEY,
  startRegistrationPayment,
  usePaymentCompleted,
} from "@client/lib/payment";
import { profileQuery, takeDeliberateSignOut, usePaymentStatus, useSession } from "@client/lib/session";
import { paths } from "@shared/paths";
import { useQueryClient } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { AppShell } from "./app-shell";
import { PaymentGate } from "./payment-gate";

// Spec §9: the session spinner gives up after 5 s; the redirect after a confirmed payment waits 2 s.
const SESSION_SPINNER_TIMEOUT_MS = 5000;
const PAID_REDIRECT_MS = 2000;

/** The access guard of spec §4 (steps 1–5) around the shell: session, then payment, then the app. */
export function Component() {
  const { isAuthenticated, isInitializing, isUnknown, hasTrouble } = useSession();
  const payment = usePaymentStatus(isAuthenticated);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const wasAuthenticated = useRef(false);
  const [isSlow, setIsSlow] = useState(false);
  // No sessionStorage where the server renders the page: it does so only for a paid user, who has no checkout to start.
  const [autoStart] = useState(
    () => typeof sessionStorage !== "undefined" && sessionStorage.getItem(AUTO_CHECKOUT_FLAG) === "true",
  );

  useEffect(() => {
    if (!isInitializing) return;
    const timer = setTimeout(() => setIsSlow(true), SESSION_SPINNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isInitializing]);

  useEffect(() => {
    if (isAuthenticated) {
      wasAuthenticated.current = true;
      return;
    }
    // Unknown is not signed out: a rate limit or an outage of the session check keeps the user here.
    if (isInitializing || isUnknown || takeDeliberateSignOut()) return;
    if (wasAuthenticated.current) toast.info("Session expirée", { description: "Veuillez vous reconnecter" });
    else
      toast.error("Session requise", { description: "Veuillez vous connecter pour accéder à cette page." });
    const target = `${location.pathname}${location.search}`;
    navigate(`${paths.auth.signIn}?redirect=${encodeURIComponent(target)}`, { replace: true });
  }, [isAuthenticated, isInitializing, isUnknown, location.pathname, location.search, navigate]);

  // Step 5: arriving from the offer, an unpaid user goes straight to the checkout.
  useEffect(() => {
    if (!autoStart || !isAuthenticated || payment.hasPaid !== false) return;
    sessionStorage.removeItem(AUTO_CHECKOUT_FLAG);
    void startRegistrationPayment(queryClient).catch(() => {});
  }, [autoStart, isAuthenticated, payment.hasPaid, queryClient]);

  const onPaymentCompleted = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    toast.success("Paiement confirmé!");
    setTimeout(() => navigate(paths.app.root), PAID_REDIRECT_MS);
  }, [queryClient, navigate]);
  usePaymentCompleted(onPaymentCompleted);

  useEffect(() => {
    if (payment.hasPaid) localStorage.removeItem(PAYMENT_COMPLETED_KEY);
  }, [payment.hasPaid]);

  // The screen changes in a render of its own, which React splits into slices of a few milliseconds: the
  // shell and its page are the largest render of a visit, and the session and profile answers that reveal
  // them would otherwise render it in one task, blocking taps for its whole length (issue 15).
  const screen = useDeferredValue(
    guardScreen({ isInitializing, isUnknown, isAuthenticated, hasTrouble, isSlow }, payment),
  );
  if (screen === "initializing") return <FullScreenSpinner label="Initialisation de votre session..." />;
  if (screen === "slow-session") return <SlowSession onRetry={() => window.location.reload()} />;
  if (screen === "verifying") return <FullScreenSpinner label="Vérification de votre session..." />;
  if (screen === "payment") return <PaymentGate autoStart={autoStart} />;
  if (screen === "slow-profile")
    return <SlowSession onRetry={() => queryClient.refetchQueries({ queryKey: profileQuery.queryKey })} />;
  return (
    <AppShell>
      <Outlet />
      {hasTrouble ? <SessionTroubleNotice /> : null}
    </AppShell>
  );
}

type GuardScreen = "initializing" | "slow-session" | "verifying" | "payment" | "slow-profile" | "app";

/** Which screen the guard shows, from the session and payment states (spec §4, steps 1–4). */
function guardScreen(
  session: Omit<ReturnType<typeof useSession>, "user"> & { isSlow: boolean },
  payment: Pick<ReturnType<typeof usePaymentStatus>, "loading" | "hasPaid">,
): GuardScreen {
  if (session.isInitializing || session.isUnknown)
    return session.isSlow || session.hasTrouble ? "slow-session" : "initializing";
  if (!session.isAuthenticated || payment.loading) return "verifying";
  if (payment.hasPaid === false) return "payment";
  if (payment.hasPaid === undefined) return "slow-profile";
  return "app";
}

/** The session check keeps failing while the user works: they stay signed in, and are told why things may lag. */
function SessionTroubleNotice() {
  return (
    <p
      role="status"
      className="fixed bottom-4 left-1/2 z-40 flex max-w-[calc(100%-2rem)] -translate-x-1/2 items-center gap-2 rounded-full border bg-surface px-4 py-2 text-sm text-muted-foreground shadow-lg"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      Connexion au serveur instable : vous restez connecté, nouvelle tentative en cours…
    </p>
  );
}

function SlowSession({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Votre session tarde à répondre</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        Le serveur ne répond pas pour le moment. Vérifiez votre connexion puis réessayez.
      </p>
      <button type="button" onClick={onRetry} className={buttonStyles()}>
        Réessayer
      </button>
    </main>
  );
}
