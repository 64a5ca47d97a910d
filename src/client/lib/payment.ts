import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { apiFetch } from "./api-client";
import { isApiError } from "./api-error";
import { profileQuery } from "./session";

// Spec §3 and §9: storage keys and timings of the registration payment.
export const PAYMENT_COMPLETED_KEY = "paymentCompleted";
export const AUTO_CHECKOUT_FLAG = "autoProCheckout";
export const PAYMENT_ATTEMPT_KEY = "paymentAttempt";
const RETRY_DELAYS_MS = [2000, 4000];
export const STATUS_RECHECK_MS = 5000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PaymentLinkError extends Error {}

/** Asks the server for the checkout URL, up to 3 attempts (2 s then 4 s between them). */
async function createPaymentLink(): Promise<string> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt++) {
    try {
      const { url } = await apiFetch<{ url?: string }>("/functions/v1/create-registration-payment", {
        method: "POST",
      });
      if (!url) throw new PaymentLinkError("URL de paiement non reçue");
      sessionStorage.setItem(
        PAYMENT_ATTEMPT_KEY,
        JSON.stringify({ attempt, timestamp: new Date().toISOString(), url }),
      );
      return url;
    } catch (error) {
      lastError = error;
      // Signed out or already paid: asking again cannot help.
      if (isApiError(error) && [401, 402, 409].includes(error.status)) throw error;
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) break;
      await wait(delay);
    }
  }
  throw lastError;
}

/**
 * Spec §4: create the payment link, open it in a new tab ('Redirection vers Stripe'), forget the cached
 * status and check it again 5 s later. The tab is opened before the request so popup blockers allow it.
 */
export async function startRegistrationPayment(queryClient: QueryClient): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const url = await createPaymentLink();
    toast.success("Redirection vers Stripe", {
      description: "La page de paiement sécurisée s'ouvre dans un nouvel onglet.",
    });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    queryClient.removeQueries({ queryKey: profileQuery.queryKey, exact: true });
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
      STATUS_RECHECK_MS,
    );
  } catch (error) {
    tab?.close();
    if (isApiError(error) && error.status === 401) {
      toast.error("Vous devez être connecté pour effectuer un paiement");
    } else if (error instanceof PaymentLinkError) {
      toast.error(error.message);
    } else if (isApiError(error) && error.status > 0 && error.status < 500) {
      toast.error(`Erreur Edge Function: ${error.message}`);
    } else {
      toast.error("Erreur de paiement", {
        description: "Impossible de créer le lien de paiement après plusieurs tentatives",
      });
    }
    throw error;
  }
}

/**
 * The paymentCompleted flag (local storage), set by /payment-success in any tab: seen here through the
 * cross-tab storage event.
 */
export function usePaymentCompleted(onCompleted: () => void) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === PAYMENT_COMPLETED_KEY && event.newValue === "true") onCompleted();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [onCompleted]);
}
