import { expect, shot, test } from "./fixtures";

// Issue 31: the 7 / 3 / 0-day reminders of an invoice were visible nowhere.
test("an issued invoice's page shows its reminders, planned with their dates", async ({
  page,
  freelancer,
}) => {
  const id = await freelancer.createDocument("invoices", 120_000);
  const issued = await freelancer.api.post(`/api/invoices/${id}/issue`, { headers: freelancer.headers });
  expect(issued.ok()).toBe(true);
  const { dueDate } = (await issued.json()) as { dueDate: string };

  await page.goto(`/app/invoices/${id}`);
  const reminders = page.getByRole("region", { name: "Relances" });
  await expect(reminders.getByRole("listitem")).toHaveCount(3, { timeout: 30_000 });
  await expect(reminders.getByText("7 jours avant l'échéance")).toBeVisible();
  await expect(reminders.getByText("Le jour de l'échéance")).toBeVisible();
  await expect(reminders.getByText("Prévue")).toHaveCount(3);
  const onDueDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(dueDate),
  );
  await expect(reminders.getByText(`Le ${onDueDate}`)).toBeVisible();
  await shot(page, "invoice-reminders-planned");

  // Paid in full: no reminder will go out, each says so.
  const paid = await freelancer.api.post(`/api/invoices/${id}/payments`, {
    data: { amountCents: 144_000, method: "virement" },
    headers: freelancer.headers,
  });
  expect(paid.ok()).toBe(true);
  await page.reload();
  await expect(reminders.getByText("Annulée")).toHaveCount(3, { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "invoice-reminders-cancelled-390");
});
