import { expect, signUpAndPay, test } from "./fixtures";

const email = `reco.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

// The browser's speech recognition, replaced by one that fails the moment it starts, as Chromium's does
// without a network or a microphone (issue 31: 29 « Erreur microphone » toasts in 3 s). The e2e server has
// no STT_URL, so the panel listens through this recognition. Every start is counted in the page.
const FAILING_RECOGNITION = (error: string) => {
  const scope = window as unknown as Record<string, unknown>;
  scope.recognitionStarts = 0;
  class FailingRecognition {
    lang = "";
    continuous = false;
    interimResults = false;
    onresult = null;
    onspeechstart = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      scope.recognitionStarts = Number(scope.recognitionStarts) + 1;
      setTimeout(() => {
        this.onerror?.({ error });
        this.onend?.();
      }, 5);
    }
    stop() {}
  }
  scope.SpeechRecognition = FailingRecognition;
  scope.webkitSpeechRecognition = FailingRecognition;
};

test.use({ permissions: ["microphone"] });

test("a failing speech recognition backs off and shows one message saying what to do", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(FAILING_RECOGNITION, "network");
  await signUpAndPay(page.request, request, { email, password, origin: baseURL ?? "" });
  await page.goto("/app");
  await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
  const dialog = page.getByRole("dialog", { name: "Assistant IA" });
  await dialog.getByRole("tab", { name: "Vocal" }).click();
  await dialog.getByRole("button", { name: "Connecter l'agent vocal" }).click();
  await expect(dialog.getByText("Connecté", { exact: true })).toBeVisible();

  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("vérifiez votre connexion");
  // 3.5 s after the first failure: retried after 1 s and 2 s more, not hundreds of times.
  await page.waitForTimeout(3_500);
  const starts = await page.evaluate(
    () => (window as unknown as { recognitionStarts: number }).recognitionStarts,
  );
  expect(starts).toBeGreaterThanOrEqual(2);
  expect(starts).toBeLessThanOrEqual(4);
  await expect(alert).toHaveCount(1);
  await expect(page.getByText("Erreur microphone")).toHaveCount(0);
  await page.screenshot({ path: "test-results/screenshots/voice-recognition-backoff.png" });

  // After 1 + 2 + 4 + 8 s of failures the microphone is paused, and the message says how to resume.
  await expect(alert).toContainText("Le micro est en pause", { timeout: 20_000 });
  await expect(dialog.getByText("En pause", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Reprendre le micro" })).toBeVisible();
  const paused = await page.evaluate(
    () => (window as unknown as { recognitionStarts: number }).recognitionStarts,
  );
  expect(paused).toBe(5);
  await page.waitForTimeout(2_000);
  expect(
    await page.evaluate(() => (window as unknown as { recognitionStarts: number }).recognitionStarts),
  ).toBe(5);
  await expect(alert).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/voice-recognition-paused.png" });
});

test("a refused microphone is not retried: the message says to allow it in the browser", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(FAILING_RECOGNITION, "not-allowed");
  await signUpAndPay(page.request, request, {
    email: `refus.${email}`,
    password,
    origin: baseURL ?? "",
  });
  await page.goto("/app");
  await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
  const dialog = page.getByRole("dialog", { name: "Assistant IA" });
  await dialog.getByRole("tab", { name: "Vocal" }).click();
  await dialog.getByRole("button", { name: "Connecter l'agent vocal" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Autorisez le microphone");
  await expect(dialog.getByRole("button", { name: "Reprendre le micro" })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(
    await page.evaluate(() => (window as unknown as { recognitionStarts: number }).recognitionStarts),
  ).toBe(1);
});
