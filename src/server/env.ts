import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** A comma-separated list of origins (scheme://host[:port], nothing after), normalised as browsers send them. */
const originList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const item of (value ?? "").split(",").map((part) => part.trim())) {
      if (!item) continue;
      const url = URL.canParse(item) ? new URL(item) : null;
      const isOrigin =
        url !== null &&
        /^https?:$/.test(url.protocol) &&
        !url.username &&
        !url.password &&
        url.pathname === "/" &&
        !url.search &&
        !url.hash;
      if (!url || !isOrigin) {
        ctx.addIssue({
          code: "custom",
          message: `doit être une liste d'origines séparées par des virgules, comme https://app.exemple.fr (« ${item} » n'en est pas une)`,
        });
        continue;
      }
      origins.push(url.origin);
    }
    return origins;
  });

const postgresUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()
  .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: "doit être une URL postgres:// ou postgresql://",
  });

/** The seller's identity on the registration invoice: all or none. */
export const OPERATOR_IDENTITY_VARIABLES = [
  "OPERATOR_LEGAL_NAME",
  "OPERATOR_LEGAL_FORM",
  "OPERATOR_SIREN",
  "OPERATOR_ADDRESS",
] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url({ protocol: /^https?$/, message: "doit être une URL http(s)" }).optional(),
    /** Origins besides APP_URL whose pages may call the API with the session cookie. */
    TRUSTED_ORIGINS: originList,
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: postgresUrl,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Memory for hot reads' answers (http/read-cache.ts), in MB per server process; 0 turns the cache off. */
    READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(48),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      message: "doit être une URL smtp:// ou smtps://",
    }),
    MAIL_FROM: z.string().trim().min(3).default("Ardoise <no-reply@ardoise.localhost>"),
    /** Production without SMTP: e-mails are only stored in the database, never sent nor printed (demos, benches). */
    ALLOW_LOCAL_OUTBOX: flag,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    ALLOW_LOCAL_PAYMENTS: flag,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: "doit être une URL http(s)",
    }),
    OPENROUTER_API_KEY: optionalText,
    OPENROUTER_BASE_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: "doit être une URL http(s)",
    }),
    /** Voice agent (issue 12): OpenAI Realtime relay when OPENAI_API_KEY is set, else local speech services. */
    OPENAI_REALTIME_URL: z
      .string()
      .trim()
      .default("wss://api.openai.com/v1/realtime")
      .refine((value) => /^wss?:\/\//.test(value), { message: "doit être une URL ws(s)" }),
    // The beta Realtime protocol (OpenAI-Beta: realtime=v1), whose event names the spec's client speaks.
    OPENAI_REALTIME_MODEL: z.string().trim().min(1).default("gpt-4o-realtime-preview"),
    STT_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: "doit être une URL http(s)",
    }),
    TTS_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: "doit être une URL http(s)",
    }),
    /** How long a provider may take to answer before the next one is tried. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(6_000),
    AI_STALL_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(8_000),
    /** Tokens a user may spend per day through the AI providers (chat and proxies). */
    AI_DAILY_TOKEN_QUOTA: z.coerce.number().int().min(1000).default(200_000),
    BETTER_AUTH_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: "doit contenir au moins 32 caractères",
    }),
    /** Mailchimp's API base URL instead of the one the key's data center names (tests, a proxy). */
    MAILCHIMP_API_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: "doit être une URL http(s)",
    }),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    TRUST_PROXY: flag,
    /** E-invoicing (issue 13 §2): the local plateforme agréée, what would be sent and what is received. */
    PA_OUTBOX_DIR: optionalText,
    PA_INBOX_DIR: optionalText,
    /**
     * A plateforme agréée speaking AFNOR XP Z12-013 (decision 020) instead of the local directory: its Flow
     * Service base URL, its Directory Service (the same when unset), the OAuth2 token URL and client
     * credentials, and the secret path of the webhook it pushes statuses to.
     */
    PA_API_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: "doit être une URL http(s)",
    }),
    PA_DIRECTORY_URL: optionalText,
    PA_TOKEN_URL: optionalText,
    PA_CLIENT_ID: optionalText,
    PA_CLIENT_SECRET: optionalText,
    PA_WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || value.length >= 24, {
      message: "doit contenir au moins 24 caractères",
    }),
    /**
     * The operator of this deployment, seller of the 59 € registration and issuer of its invoice (issue 31
     * item 23). Without them the invoice is a test document, marked as such.
     */
    OPERATOR_LEGAL_NAME: optionalText,
    OPERATOR_LEGAL_FORM: optionalText,
    OPERATOR_SIREN: optionalText
      .transform((value) => value?.replace(/\s/g, ""))
      .refine((value) => value === undefined || /^\d{9}$/.test(value), {
        message: "doit compter 9 chiffres",
      }),
    OPERATOR_ADDRESS: optionalText,
    /** « RCS Paris », printed with the SIREN. */
    OPERATOR_REGISTRATION: optionalText,
    /** Without one: « TVA non applicable, art. 293 B du CGI »; with one, 20 % included in the 59 € TTC. */
    OPERATOR_VAT_NUMBER: optionalText
      .transform((value) => value?.replace(/\s/g, "").toUpperCase())
      .refine((value) => value === undefined || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value), {
        message: "doit être un numéro de TVA intracommunautaire, comme FR12345678901",
      }),
    OPERATOR_EMAIL: optionalText.refine((value) => value === undefined || /^[^\s@]+@[^\s@]+$/.test(value), {
      message: "doit être une adresse e-mail",
    }),
  })
  .superRefine((env, ctx) => {
    if (env.PA_API_URL)
      for (const name of ["PA_TOKEN_URL", "PA_CLIENT_ID", "PA_CLIENT_SECRET"] as const)
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "est requis quand PA_API_URL est défini" });
    if (env.NODE_ENV === "production" && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "est requis en production (au moins 32 caractères aléatoires : openssl rand -base64 32)",
      });
    }
    // Without SMTP the e-mails hold confirmation and reset links that nobody receives: a deployment that
    // forgot SMTP_URL would either lock users out or, worse, need those links read from somewhere.
    if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.ALLOW_LOCAL_OUTBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "est requis en production (sinon aucun e-mail de confirmation ni de réinitialisation ne part) ; " +
          "ALLOW_LOCAL_OUTBOX=true garde les e-mails en base sans les envoyer ni les afficher (démonstration uniquement)",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
        message: "doit être défini avec son pendant (GOOGLE_CLIENT_ID et GOOGLE_CLIENT_SECRET vont ensemble)",
      });
    }
    // The registration's invoice names its seller: a half-configured identity would print a false one, and
    // real payments in production need a real invoice.
    const operatorIdentity = OPERATOR_IDENTITY_VARIABLES.filter((name) => env[name]);
    const needsOperator = env.NODE_ENV === "production" && Boolean(env.STRIPE_SECRET_KEY);
    if (operatorIdentity.length > 0 || needsOperator)
      for (const name of OPERATOR_IDENTITY_VARIABLES)
        if (!env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              operatorIdentity.length > 0
                ? `est requis avec ${operatorIdentity.join(", ")} (identité du vendeur sur la facture d'inscription)`
                : "est requis en production avec STRIPE_SECRET_KEY : la facture de l'inscription doit nommer son vendeur, l'exploitant de ce serveur",
          });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "est requis quand STRIPE_SECRET_KEY est défini (signature des événements Stripe)",
      });
    }
  });

// Values that may carry credentials are never echoed back in an error message.
const SECRET_VARIABLE = /KEY|SECRET|PASSWORD|DATABASE_URL|SMTP_URL/;

export type Env = z.infer<typeof envSchema> & { appUrl: string; dataDir: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses the configuration once; a bad value throws an EnvError naming each faulty variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const received = SECRET_VARIABLE.test(name)
          ? "valeur masquée"
          : `valeur reçue : ${JSON.stringify(source[name] ?? null)}`;
        return `${name} ${issue.message} (${received})`;
      }),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir: resolve(env.DATA_DIR),
  };
}

/** Loads ./.env when present (Node's own loader), without overriding variables already set. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
