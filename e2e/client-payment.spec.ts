import { expect, LIABLE_IDENTITY, shot, signUpAndPay, test } from "./fixtures";

const email = `paiement.client.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

test("an anonymous client pays an invoice from its link with « Payer » (local test checkout), and sees it paid", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = page.request;
  const headers = { origin: baseURL ?? "" };
  await signUpAndPay(api, request, { email, password, origin: headers.origin });
  expect((await api.put("/api/settings/identity", { data: LIABLE_IDENTITY, headers })).ok()).toBe(true);
  const created = await api.post("/api/invoices", {
    data: {
      clientName: "Atelier Lumière",
      lines: [
        { description: "Refonte du site vitrine", quantity: 1, unitPriceCents: 100000, vatRateBp: 2000 },
      ],
    },
    headers,
  });
  const invoiceId = (await created.json()).id;
  expect((await api.post(`/api/invoices/${invoiceId}/issue`, { headers })).ok()).toBe(true);
  const link = await api.post("/api/client-links", { data: { invoiceId }, headers });
  const { url } = await link.json();

  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const clientPage = await client.newPage();
  await clientPage.goto(url);
  await expect(clientPage.getByRole("heading", { name: /^Facture / })).toBeVisible();
  await clientPage.getByRole("button", { name: /^Payer 1\s200,00\s€$/ }).click();
  await expect(clientPage.getByText(/Paiement de test local/)).toBeVisible();
  await shot(clientPage, "client-payment-01-test-checkout-390");
  await clientPage.getByRole("button", { name: /\(test\)$/ }).click();
  await expect(
    clientPage.getByText("Merci ! Votre paiement est reçu et la facture est réglée."),
  ).toBeVisible();
  await expect(clientPage.getByText("Payée", { exact: true })).toBeVisible();
  await expect(clientPage.getByRole("button", { name: /^Payer/ })).toHaveCount(0);
  await shot(clientPage, "client-payment-02-paid-390");
  await client.close();

  const invoice = await (await api.get(`/api/invoices/${invoiceId}`)).json();
  expect(invoice.status).toBe("payée");
});
