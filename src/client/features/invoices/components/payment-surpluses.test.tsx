import { formatMoney } from "@shared/format";
import type { PaymentSurplusDto } from "@shared/schemas/client-payments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { paymentSurplusesQuery } from "../api/payment-surpluses";
import { PaymentSurpluses } from "./payment-surpluses";

const surplus = (overrides: Partial<PaymentSurplusDto>): PaymentSurplusDto => ({
  sessionId: "cs_test_1",
  paidAt: "2026-03-10T10:00:00.000Z",
  paidCents: 120000,
  appliedCents: 0,
  surplusCents: 120000,
  isDuplicate: true,
  status: "refunded",
  isTest: false,
  refundedAt: "2026-03-10T10:00:01.000Z",
  refundError: null,
  ...overrides,
});

// The invoice detail's block, rendered from the data the API answered (static HTML, no DOM library).
function render(surpluses: PaymentSurplusDto[]) {
  const client = new QueryClient();
  client.setQueryData(paymentSurplusesQuery("invoice-1").queryKey, surpluses);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PaymentSurpluses invoiceId="invoice-1" />
    </QueryClientProvider>,
  );
}

describe("PaymentSurpluses, on the invoice detail", () => {
  it("shows nothing when every online payment was due", () => {
    expect(render([])).toBe("");
  });

  it("says a payment made twice was refunded by Stripe", () => {
    const html = render([surplus({})]);
    expect(html).toContain("alors que la facture était déjà réglée");
    expect(html).toContain(
      `${formatMoney(120000)} remboursés automatiquement au client par Stripe le 10 mars 2026.`,
    );
    expect(html).not.toContain("<button");
  });

  it("shows money to return, why, and what to do, when Stripe refused the refund", () => {
    const html = render([
      surplus({
        status: "to_return",
        appliedCents: 90000,
        surplusCents: 30000,
        isDuplicate: false,
        refundedAt: null,
        refundError:
          "Stripe n'a pas effectué le remboursement : remboursez ce montant depuis votre tableau de bord Stripe, puis indiquez-le ici.",
      }),
    ]);
    expect(html).toContain(`dont ${formatMoney(90000)} dus : ${formatMoney(30000)} en trop.`);
    expect(html).toContain(
      `${formatMoney(30000)} à rendre au client. Stripe n&#x27;a pas effectué le remboursement`,
    );
    expect(html).toContain("Réessayer le remboursement");
    expect(html).toContain("Je l&#x27;ai rendu moi-même");
  });
});
