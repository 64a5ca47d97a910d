import { expect, shot, test } from "./fixtures";

test("an anonymous client pays an invoice from its link with « Payer » (local test checkout), and sees it paid", async ({
  freelancer: { api, headers, createDocument },
  clientPage,
}) => {
  test.setTimeout(180_000);
  const invoiceId = await createDocument("invoices", 100000);
  expect((await api.post(`/api/invoices/${invoiceId}/issue`, { headers })).ok()).toBe(true);
  const link = await api.post("/api/client-links", { data: { invoiceId }, headers });
  const { url } = await link.json();

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

  const invoice = await (await api.get(`/api/invoices/${invoiceId}`)).json();
  expect(invoice.status).toBe("payée");
});
