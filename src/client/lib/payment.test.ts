import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startRegistrationPayment } from "./payment";

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock("sonner", () => ({ toast: { error: toastError, success: vi.fn() } }));

const NOT_CONFIGURED =
  "Le paiement de l'inscription n'est pas encore configuré sur ce serveur : son administrateur doit définir STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (ou ALLOW_LOCAL_PAYMENTS=true pour un paiement de test). Aucun montant n'a été débité.";

afterEach(() => {
  vi.unstubAllGlobals();
  toastError.mockClear();
});

describe("the registration payment", () => {
  it("shows at once, without retrying, the server's answer that payment is not configured", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: "not_configured", message: NOT_CONFIGURED } }), {
          status: 409,
          headers: { "content-type": "application/json" },
        }),
    );
    const tab = { close: vi.fn(), location: { href: "" } };
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("window", { open: () => tab, location: { assign: vi.fn() } });

    await expect(startRegistrationPayment(new QueryClient())).rejects.toMatchObject({
      status: 409,
      code: "not_configured",
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(tab.close).toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith(`Erreur Edge Function: ${NOT_CONFIGURED}`);
  });
});
