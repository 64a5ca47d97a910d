import type { Env } from "./env";
import { trustedOrigins } from "./http/same-origin";
import { targetPolicyOf } from "./modules/public-api/target-url";

// The dev tools' guard (http/loopback-only.ts) is what this promises.
const LOCAL_ONLY = "ouvert aux seuls appels de cette machine";

/** The start-up banner: which real part or local default each external piece runs on. */
export function describeModes(env: Env): string[] {
  const database = env.DATABASE_URL
    ? `PostgreSQL (${redactUrl(env.DATABASE_URL)})`
    : `PGlite embarqué (${env.dataDir}/db) — un seul processus, pas de fsync : PostgreSQL en production`;
  const isProduction = env.NODE_ENV === "production";
  const email = env.SMTP_URL
    ? `SMTP (${redactUrl(env.SMTP_URL)})`
    : isProduction
      ? "boîte d'envoi locale en base (ALLOW_LOCAL_OUTBOX) : rien n'est envoyé, ni affiché, ni consultable"
      : `boîte d'envoi locale (${env.appUrl}/dev/mailbox, ${LOCAL_ONLY})`;
  const payment = env.STRIPE_SECRET_KEY
    ? `Stripe Checkout (${env.STRIPE_SECRET_KEY.startsWith("sk_live") ? "live" : "test"})`
    : isProduction && !env.ALLOW_LOCAL_PAYMENTS
      ? "aucun : définissez STRIPE_SECRET_KEY (ou ALLOW_LOCAL_PAYMENTS=true pour le paiement de test)"
      : `paiement de test local (${env.appUrl}/dev/stripe, ${LOCAL_ONLY})`;
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
    `facture 59 €    : ${
      env.OPERATOR_LEGAL_NAME
        ? `émise par ${env.OPERATOR_LEGAL_NAME} (SIREN ${env.OPERATOR_SIREN}), ${env.OPERATOR_VAT_NUMBER ? "TVA 20 % incluse" : "TVA non applicable, art. 293 B du CGI"}`
        : "facture d'essai sans valeur (définissez OPERATOR_LEGAL_NAME, OPERATOR_LEGAL_FORM, OPERATOR_SIREN, OPERATOR_ADDRESS)"
    }`,
    `IA              : ${providers.join(" → ")}`,
    `voix            : ${describeVoice(env)}`,
    `webhooks        : ${
      targetPolicyOf(env).allowLoopback
        ? "Internet public et boucle locale (127.0.0.0/8, ::1, hors production) ; jamais d'adresse privée ou réservée"
        : "Internet public uniquement (adresses locales, privées et réservées refusées)"
    }`,
    `origines        : ${trustedOrigins(env).join(", ")}`,
  ];
}

function describeVoice(env: Env): string {
  if (env.OPENAI_API_KEY)
    return `OpenAI Realtime (${redactUrl(env.OPENAI_REALTIME_URL)}, ${env.OPENAI_REALTIME_MODEL})`;
  const speaking = env.TTS_URL ? `synthèse ${redactUrl(env.TTS_URL)}` : "synthèse intégrée eSpeak-NG";
  if (env.STT_URL) return `services vocaux locaux (transcription ${redactUrl(env.STT_URL)}, ${speaking})`;
  return `intégrée hors ligne (reconnaissance du navigateur ou texte, ${speaking})`;
}

function redactUrl(raw: string): string {
  const url = new URL(raw);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname === "/" ? "" : url.pathname}`;
}
