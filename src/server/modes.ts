import type { Env } from "./env";

/** The start-up banner: which real part or local default each external piece runs on. */
export function describeModes(env: Env): string[] {
  const database = env.DATABASE_URL
    ? `PostgreSQL (${redactUrl(env.DATABASE_URL)})`
    : `PGlite embarqué (${env.dataDir}/db) — un seul processus, pas de fsync : PostgreSQL en production`;
  const isProduction = env.NODE_ENV === "production";
  const email = env.SMTP_URL
    ? `SMTP (${redactUrl(env.SMTP_URL)})`
    : isProduction
      ? "boîte d'envoi locale, non consultable en production : définissez SMTP_URL"
      : `boîte d'envoi locale (${env.appUrl}/dev/mailbox)`;
  const payment = env.STRIPE_SECRET_KEY
    ? `Stripe Checkout (${env.STRIPE_SECRET_KEY.startsWith("sk_live") ? "live" : "test"})`
    : isProduction && !env.ALLOW_LOCAL_PAYMENTS
      ? "aucun : définissez STRIPE_SECRET_KEY (ou ALLOW_LOCAL_PAYMENTS=true pour le paiement de test)"
      : `paiement de test local (${env.appUrl}/dev/stripe)`;
  const providers = [
    env.OPENAI_API_KEY || env.OPENAI_BASE_URL
      ? `OpenAI${env.OPENAI_BASE_URL ? ` (${env.OPENAI_BASE_URL})` : ""}`
      : null,
    env.OPENROUTER_API_KEY ? "OpenRouter" : null,
    "moteur local hors ligne",
  ].filter(Boolean);
  return [
    `base de données : ${database}`,
    `e-mail          : ${email}`,
    `paiement        : ${payment}`,
    `IA              : ${providers.join(" → ")}`,
  ];
}

function redactUrl(raw: string): string {
  const url = new URL(raw);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname === "/" ? "" : url.pathname}`;
}
