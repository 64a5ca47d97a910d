import { formatMoney } from "@shared/format";
import { describe, expect, it } from "vitest";
import { escapeHtml, type RenderedEmail, renderEmail } from "../layout";
import { accountExistsEmail } from "./account-exists";
import { changeEmailEmail } from "./change-email";
import { paymentConfirmedEmail } from "./payment-confirmed";
import { resetPasswordEmail } from "./reset-password";
import { verifyEmailEmail } from "./verify-email";

const hostile = `<script>alert("x")</script> & "Cie"`;
const url = "https://ardoise.example/api/auth/verify?token=abc&callbackURL=%2Fauth%2Fcallback";

type Case = { name: string; subject: string; render: (name: string) => RenderedEmail; urls: string[] };

const cases: Case[] = [
  {
    name: "verify-email",
    subject: "Confirmez votre adresse e-mail",
    render: (name) => verifyEmailEmail({ name, url }),
    urls: [url],
  },
  {
    name: "reset-password",
    subject: "Réinitialisez votre mot de passe",
    render: (name) => resetPasswordEmail({ name, url }),
    urls: [url],
  },
  {
    name: "change-email",
    subject: "Confirmez le changement d'adresse e-mail",
    render: (name) => changeEmailEmail({ name, newEmail: "nouvelle@example.com", url }),
    urls: [url],
  },
  {
    name: "account-exists",
    subject: "Vous avez déjà un compte Ardoise",
    render: (name) =>
      accountExistsEmail({
        name,
        signInUrl: "https://ardoise.example/auth",
        resetUrl: "https://ardoise.example/auth?mode=reset&from=signup",
      }),
    urls: ["https://ardoise.example/auth", "https://ardoise.example/auth?mode=reset&from=signup"],
  },
  {
    name: "payment-confirmed",
    subject: "Paiement confirmé : votre accès Ardoise est ouvert",
    render: (name) => paymentConfirmedEmail({ name, appUrl: "https://ardoise.example/", amountCents: 5900 }),
    urls: ["https://ardoise.example/app"],
  },
];

describe.each(cases)("$name", ({ subject, render, urls }) => {
  it("escapes a hostile name in the HTML and keeps it readable in the text", () => {
    const email = render(hostile);
    expect(email.subject).toBe(subject);
    expect(email.html).not.toContain("<script");
    expect(email.html).toContain(`Bonjour ${escapeHtml(hostile)},`);
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Cie&quot;");
    expect(email.text).toContain(`Bonjour ${hostile},`);
  });

  it("carries every link in both parts, the footer and the brand", () => {
    const email = render("Alice");
    for (const link of urls) {
      expect(email.text).toContain(`\n${link}\n`);
      expect(email.html).toContain(`href="${escapeHtml(link)}"`);
    }
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="fr"/);
    expect(email.html).toContain(`<title>${escapeHtml(subject)}</title>`);
    expect(email.html).toContain("Vous recevez cet e-mail car");
    expect(email.text).toContain("Vous recevez cet e-mail car");
    expect(email.html).toContain("Ardoise");
    // Inline styles only: Gmail strips <style> in several views.
    expect(email.html).not.toMatch(/<style|<link|<script/i);
  });

  it("greets without a name when there is none", () => {
    expect(render("  ").text).toContain("Bonjour,\n");
  });
});

describe("template details", () => {
  it("states the validity of the confirmation and reset links", () => {
    expect(verifyEmailEmail({ name: "A", url }).text).toContain("valable 24 heures");
    const reset = resetPasswordEmail({ name: "A", url }).text;
    expect(reset).toContain("valable 1 heure");
    expect(reset).toContain("qu'une seule fois");
    expect(reset).toContain("Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail");
  });

  it("names the new address, escaped, in the change-email message", () => {
    const email = changeEmailEmail({ name: "A", newEmail: "x<b>@example.com", url });
    expect(email.text).toContain("x<b>@example.com");
    expect(email.html).toContain("x&lt;b&gt;@example.com");
  });

  it("shows the one-time amount formatted the French way on the receipt", () => {
    const email = paymentConfirmedEmail({ name: "A", appUrl: "https://ardoise.example", amountCents: 5900 });
    const amount = `Paiement unique de ${formatMoney(5900)} TTC`;
    expect(amount).toBe("Paiement unique de 59,00\u00a0€ TTC");
    expect(email.text).toContain(amount);
    expect(email.html).toContain(amount);
    // Issue 31 item 23: the invoice itself is in the settings.
    expect(email.text).toContain(
      "Votre facture est disponible dans Paramètres, rubrique « Facture d'inscription »",
    );
  });
});

describe("layout", () => {
  it("refuses a link that is not http(s)", () => {
    expect(() =>
      renderEmail({
        subject: "s",
        preheader: "p",
        heading: "h",
        intro: [],
        action: { label: "x", url: "javascript:alert(1)" },
        reason: "Vous recevez cet e-mail car …",
      }),
    ).toThrow(/http\(s\)/);
  });

  it("keeps a name on one line", () => {
    const email = verifyEmailEmail({ name: "Alice\r\nBcc: evil@example.com", url });
    expect(email.text).toContain("Bonjour Alice Bcc: evil@example.com,");
  });
});
