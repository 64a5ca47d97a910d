import { expect, signUpAndPay, test } from "./fixtures";

const email = `voix.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

// The e2e server has no AI key and no STT_URL: the built-in voice (typed or browser-recognised turns,
// eSpeak-NG speaking in the server). The fake microphone flags keep getUserMedia from prompting.
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
  permissions: ["microphone"],
});

test("the Vocal tab: connect, a typed turn answered aloud from the user's data, disconnect", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpAndPay(page.request, request, { email, password, origin: baseURL ?? "" });
  const headers = { origin: baseURL ?? "" };
  expect(
    (await page.request.post("/api/clients", { data: { name: "Boulangerie Dupont" }, headers })).ok(),
  ).toBe(true);
  await page.goto("/app");
  await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
  const dialog = page.getByRole("dialog", { name: "Assistant IA" });
  await dialog.getByRole("tab", { name: "Vocal" }).click();
  await expect(dialog.getByText("Connectez-vous et commencez à parler.")).toBeVisible();
  await expect(dialog.getByText("Déconnecté", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/voice-01-disconnected.png" });

  await dialog.getByRole("button", { name: "Connecter l'agent vocal" }).click();
  await expect(dialog.getByText("Connecté", { exact: true })).toBeVisible();
  await expect(dialog.getByText("À l'écoute...")).toBeVisible();
  await expect(dialog.getByText("Parlez, ou tapez votre demande ci-dessous.")).toBeVisible();
  await expect(dialog.getByText("Connectez-vous et commencez à parler.")).toHaveCount(0);

  // Events the panel received, to see the speaking indicator's source without racing its short display.
  await dialog.getByRole("textbox", { name: "Message à l'agent vocal" }).fill("Liste mes clients");
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  const transcript = dialog.getByRole("region", { name: "Transcription" });
  await expect(transcript.getByText("Vous")).toBeVisible();
  await expect(transcript.getByText("Agent IA")).toBeVisible({ timeout: 30_000 });
  await expect(transcript.getByText(/Boulangerie Dupont/)).toBeVisible();
  await expect(transcript.getByText("Vocal").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/voice-02-answered.png" });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/voice-03-mobile.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole("button", { name: "Déconnecter" }).click();
  await expect(dialog.getByText("Déconnecté", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Connectez-vous et commencez à parler.")).toBeVisible();
});
